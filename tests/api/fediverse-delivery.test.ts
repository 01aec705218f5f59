import { createScheduledController, createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';
import { api, createStory, signUp, updatePayload, updateStory } from './support/api.ts';
import {
  clearReceived,
  follow,
  makeRetriesDue,
  peerActor,
  peerHosts,
  received,
  runDeliveries,
  setBehavior,
  trustAccount,
  type PeerActor,
} from './support/fediverse.ts';

/**
 * Stories reach followers (docs/product/api-fediverse.md, "What followers receive"): publishing delivers a Create of an Article to every follower of
 * its author and of the newsroom, once per shared inbox, signed by the author; an edit or a
 * correction an Update; unpublishing or deleting a Delete. The peer checks every delivery with its
 * own signature code. Failures are retried; an inbox that answers 410 loses its followers.
 */

let hostA: string;
let hostB: string;
let hostC: string;
let alice: PeerActor;
let carol: PeerActor;
let dave: PeerActor;
let erin: PeerActor;
let reporter: Awaited<ReturnType<typeof signUp>>;
let author: string;

/** What a host received that the peer verified, of one type. */
async function verified(host: string, type?: string) {
  const all = await received(host);
  for (const entry of all) expect(entry.verified, `${entry.activity?.type} at ${host}: ${entry.reason}`).toBe(true);
  return all.filter((entry) => type === undefined || entry.activity?.type === type);
}

async function clearAll() {
  await Promise.all([hostA, hostB, hostC].map(clearReceived));
}

beforeAll(async () => {
  [hostA, hostB, hostC] = peerHosts().slice(2, 5) as [string, string, string];
  reporter = await signUp('reporter', { username: 'daniel.reyes', firstName: 'Daniel', lastName: 'Reyes' });
  author = String(reporter.user.id);
  // An author is an account once something of theirs is published.
  await createStory(reporter.token, { title: 'First word', status: 'published' });
  [alice, carol, dave, erin] = await Promise.all([
    peerActor(hostA, 'alice'),
    peerActor(hostA, 'carol'),
    peerActor(hostB, 'dave'),
    peerActor(hostC, 'erin'),
  ]);
  for (const host of [hostA, hostB, hostC]) {
    await trustAccount(host, 'newsroom');
    await trustAccount(host, author);
  }
  // hostA: two of the author's followers and one of the newsroom's; hostB: the newsroom's; hostC: the author's.
  await follow(alice, author);
  await follow(alice, 'newsroom');
  await follow(carol, author);
  await follow(dave, 'newsroom');
  await follow(erin, author);
  await runDeliveries();
  await clearAll();
}, 60_000);

beforeEach(async () => {
  await Promise.all([hostA, hostB, hostC].map((host) => setBehavior(host, {})));
});

describe('publishing', () => {
  it('delivers one signed Create of the Article per shared inbox to the author’s and the newsroom’s followers, and the newsroom’s boost to its own', async () => {
    const beats = await api('/api/beats', { token: (await signUp('admin')).token, method: 'POST', json: { name: 'Local News' } });
    const story = await createStory(reporter.token, {
      title: 'Levee breach floods the lower ward',
      description: 'Water reached the second floor on Elm Street.',
      content: '<p>The levee gave way at 3 a.m.</p><script>x</script>',
      featuredImageUrl: 'https://images.example/levee.jpg',
      featuredImageAlt: 'Water over the levee',
      beatId: beats.body.id,
      status: 'published',
    });
    await runDeliveries();

    for (const host of [hostA, hostB, hostC]) expect(await verified(host, 'Create'), host).toHaveLength(1);
    const [create] = await verified(hostA, 'Create');
    expect(create!.path).toBe('/inbox');
    expect(create!.covered).toEqual(expect.arrayContaining(['(request-target)', 'host', 'date', 'digest']));
    const article = create!.activity.object;
    expect(create!.activity).toMatchObject({ type: 'Create', actor: `http://newsroom.test/ap/actors/${author}` });
    expect(article).toMatchObject({
      id: `http://newsroom.test/ap/articles/${story.id}`,
      type: 'Article',
      url: `http://newsroom.test/story/${story.slug}`,
      name: 'Levee breach floods the lower ward',
      summary: 'Water reached the second floor on Elm Street.',
      content: '<p>The levee gave way at 3 a.m.</p>',
      attributedTo: `http://newsroom.test/ap/actors/${author}`,
      image: { type: 'Image', url: 'https://images.example/levee.jpg', name: 'Water over the levee' },
      tag: { type: 'Hashtag', name: '#LocalNews', href: 'http://newsroom.test/beat/local-news' },
    });
    // The same instant: the vocabulary writes xsd:dateTime without trailing zeros (.760Z as .76Z).
    expect(Date.parse(article.published)).toBe(Date.parse(story.publishedAt!));
    expect(['as:Public', 'https://www.w3.org/ns/activitystreams#Public']).toContain(article.to);
    expect(article.cc).toEqual([`http://newsroom.test/ap/actors/${author}/followers`, 'http://newsroom.test/ap/actors/newsroom/followers']);

    // The newsroom boosts it to its followers (on hostA and hostB), so it shows in their feeds too.
    for (const host of [hostA, hostB]) {
      const [boost] = await verified(host, 'Announce');
      expect(boost!.activity).toMatchObject({ actor: 'http://newsroom.test/ap/actors/newsroom', object: article.id });
    }
    expect(await verified(hostC, 'Announce')).toHaveLength(0);

    const state = await api(`/api/fediverse/stories/${story.id}`, { token: reporter.token });
    expect(state.body.activities.map((a: any) => [a.type, a.inboxes, a.delivered, a.pending, a.failed])).toEqual(
      expect.arrayContaining([
        ['Create', 3, 3, 0, 0],
        ['Announce', 2, 2, 0, 0],
      ]),
    );
    await clearAll();
  });

  it('delivers a gated story as its opening and a link: the rest reaches no follower, not in the Create nor in an Update', async () => {
    const hidden = 'The auditor found the missing ledgers in a locked cabinet.';
    const story = await createStory(reporter.token, {
      title: 'Inside the audit that reopened the ledgers',
      content: `<p>The audit began in March.</p><hr data-preview-end=""><p>${hidden}</p><p>More followed.</p>`,
      access: 'paid',
      status: 'published',
    });
    await runDeliveries();
    for (const host of [hostA, hostB, hostC]) {
      const [create] = await verified(host, 'Create');
      expect(create!.activity.object.content).toContain('<p>The audit began in March.</p>');
      expect(create!.activity.object.content).toContain('Read the full story');
      expect(create!.activity.object.content).toContain(`/story/${story.slug}`);
      expect(JSON.stringify(await received(host))).not.toContain('missing ledgers');
    }
    await clearAll();

    // An edit of the hidden part alone changes nothing followers were sent: no Update.
    const hiddenEdit = await updateStory(reporter.token, story, {
      content: `<p>The audit began in March.</p><hr data-preview-end=""><p>${hidden} Corrected.</p>`,
    });
    await runDeliveries();
    for (const host of [hostA, hostB, hostC]) expect(await received(host), host).toEqual([]);
    // An edit of the opening is an Update, still of the opening only (an edit that does not name the access keeps it).
    await updateStory(reporter.token, hiddenEdit, {
      content: `<p>The audit began in March and ended in May.</p><hr data-preview-end=""><p>${hidden} Corrected.</p>`,
    });
    await runDeliveries();
    for (const host of [hostA, hostB, hostC]) {
      expect(await verified(host, 'Update'), host).toHaveLength(1);
      expect(JSON.stringify(await received(host))).not.toContain('missing ledgers');
    }
    await clearAll();
  });

  it('delivers a scheduled story when the minute job publishes it', async () => {
    const publishAt = new Date(Date.now() + 60_000).toISOString();
    const story = await createStory(reporter.token, { title: 'Embargo lifts', status: 'scheduled', publishAt });
    await runDeliveries();
    expect(await verified(hostC, 'Create')).toHaveLength(0);
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: new Date(Date.parse(publishAt) + 1000), cron: '* * * * *' }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    await runDeliveries();
    const creates = await verified(hostC, 'Create');
    expect(creates.map((entry) => entry.activity.object.id)).toEqual([`http://newsroom.test/ap/articles/${story.id}`]);
    await clearAll();
  });
});

describe('changes after publishing', () => {
  it('sends an Update for an edit and for a correction (with the note), nothing for a save that changes nothing followers see, and a Delete when unpublished', async () => {
    let story = await createStory(reporter.token, { title: 'Council vote', status: 'published' });
    await runDeliveries();
    await clearAll();

    story = await updateStory(reporter.token, story, { content: '<p>The council voted 5 to 4.</p>' });
    await runDeliveries();
    const [update] = await verified(hostC, 'Update');
    expect(update!.activity.object).toMatchObject({
      id: `http://newsroom.test/ap/articles/${story.id}`,
      content: '<p>The council voted 5 to 4.</p>',
    });
    expect(update!.activity.object.updated).toBeDefined();
    await clearAll();

    // Featuring it changes nothing a follower sees: no Update.
    story = await updateStory(reporter.token, story, { isFeatured: true });
    await runDeliveries();
    expect(await verified(hostC)).toHaveLength(0);

    const correction = await api(`/api/stories/${story.id}/corrections`, {
      method: 'POST',
      token: reporter.token,
      json: { note: 'The vote was 5 to 4, not 6 to 3.' },
    });
    expect(correction.status).toBe(201);
    await runDeliveries();
    const [corrected] = await verified(hostC, 'Update');
    expect(corrected!.activity.object.content).toContain('The vote was 5 to 4, not 6 to 3.');
    expect(corrected!.activity.object.summary).toContain('Correction');
    await clearAll();

    story = (await api(`/api/stories/${story.id}`, { token: reporter.token })).body;
    await updateStory(reporter.token, story, { status: 'draft' });
    await runDeliveries();
    const [deleted] = await verified(hostC, 'Delete');
    expect(deleted!.activity).toMatchObject({ actor: `http://newsroom.test/ap/actors/${author}` });
    expect(deleted!.activity.object).toMatchObject({ type: 'Tombstone', id: `http://newsroom.test/ap/articles/${story.id}` });
    expect((await api(`/ap/articles/${story.id}`, { headers: { Accept: 'application/activity+json' } })).status).toBe(404);
    await clearAll();

    // Published again, it is a new object: servers keep a tombstone of the old id.
    story = (await api(`/api/stories/${story.id}`, { token: reporter.token })).body;
    await api(`/api/stories/${story.id}`, { method: 'PUT', token: reporter.token, json: updatePayload(story, { status: 'published' }) });
    await runDeliveries();
    const [again] = await verified(hostC, 'Create');
    expect(again!.activity.object.id).toBe(`http://newsroom.test/ap/articles/${story.id}-2`);
    await clearAll();
  });

  it('sends a Delete when a published story is deleted', async () => {
    const story = await createStory(reporter.token, { title: 'Short-lived', status: 'published' });
    await runDeliveries();
    await clearAll();
    expect((await api(`/api/stories/${story.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    await runDeliveries();
    const deletes = await verified(hostA, 'Delete');
    expect(deletes.map((entry) => entry.activity.object.id)).toEqual([`http://newsroom.test/ap/articles/${story.id}`]);
    await clearAll();
  });

  it('delivers a live blog’s key events as Notes replying to it, and nothing for other updates', async () => {
    const blog = await createStory(reporter.token, { title: 'Election night', status: 'published', format: 'liveblog' });
    await runDeliveries();
    await clearAll();
    const plain = await api(`/api/stories/${blog.id}/updates`, {
      method: 'POST',
      token: reporter.token,
      json: { body: '<p>Polls are open.</p>' },
    });
    expect(plain.status).toBe(201);
    const key = await api(`/api/stories/${blog.id}/updates`, {
      method: 'POST',
      token: reporter.token,
      json: { body: '<p>The mayor concedes.</p>', keyEvent: true },
    });
    expect(key.status).toBe(201);
    await runDeliveries();
    const notes = await verified(hostC, 'Create');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.activity.object).toMatchObject({
      type: 'Note',
      id: `http://newsroom.test/ap/notes/${key.body.id}`,
      inReplyTo: `http://newsroom.test/ap/articles/${blog.id}`,
      url: `http://newsroom.test/story/${blog.slug}#update-${key.body.id}`,
    });
    expect(notes[0]!.activity.object.content).toContain('The mayor concedes.');
    await clearAll();
  });
});

describe('failures', () => {
  it('retries a server that fails or times out without holding up the others, and delivers once it answers', async () => {
    await setBehavior(hostB, { status: 500 });
    const story = await createStory(reporter.token, { title: 'Storm warning', status: 'published' });
    await runDeliveries();
    expect(await verified(hostA, 'Create')).toHaveLength(1);
    expect(await verified(hostC, 'Create')).toHaveLength(1);
    const pending = await api(`/api/fediverse/stories/${story.id}`, { token: reporter.token });
    const create = pending.body.activities.find((activity: any) => activity.type === 'Create');
    expect(create).toMatchObject({ delivered: 2, pending: 1, failed: 0 });
    expect(create.problems).toEqual([{ host: new URL(hostB).host, status: 500, error: null, state: 'pending' }]);

    await setBehavior(hostB, {});
    await makeRetriesDue();
    await runDeliveries();
    const delivered = (await api(`/api/fediverse/stories/${story.id}`, { token: reporter.token })).body.activities;
    expect(delivered.find((activity: any) => activity.type === 'Create')).toMatchObject({ delivered: 3, pending: 0 });
    // hostB answered 500 to the first try of each: it has each activity once now it takes them.
    expect(
      (await received(hostB))
        .filter((entry) => entry.status === 202)
        .map((entry) => entry.activity.type)
        .sort(),
    ).toEqual(['Announce', 'Create']);
    await clearAll();
  });

  it('gives up on an inbox that refuses for good (4xx), and forgets the followers of one that is gone (410)', async () => {
    await setBehavior(hostA, { status: 410 });
    await setBehavior(hostC, { status: 403 });
    const story = await createStory(reporter.token, { title: 'Bridge closed', status: 'published' });
    await runDeliveries();
    const create = (await api(`/api/fediverse/stories/${story.id}`, { token: reporter.token })).body.activities.find(
      (a: any) => a.type === 'Create',
    );
    expect(create).toMatchObject({ inboxes: 3, delivered: 1, gone: 1, failed: 1, pending: 0 });
    const left = await env.DB.prepare('SELECT actor_uri FROM fediverse_followers ORDER BY actor_uri').all<any>();
    expect(left.results.map((row) => row.actor_uri)).toEqual([dave.id, erin.id].sort());
    await clearAll();
  });
});
