import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_SERVER_LIMITS } from '../../src/domain/federation/remote-limits.ts';
import { api, createStory, signUp } from './support/api.ts';
import { siteApp } from './support/site-app.ts';
import { follow, peerActor, peerHosts, postToInbox, received, runDeliveries, trustAccount, type PeerActor } from './support/fediverse.ts';

/**
 * Issue 37: what another server can make the newsroom do or keep. Followers' inboxes must be on the
 * follower's own server, a repeated Follow is answered once, what one server's people can store here
 * is bounded, an approved reply edited by its author is reviewed again, and addresses that are not
 * http(s) never become links. (The origin the site is known by: fediverse-origin.test.ts.)
 */

const NEWSROOM = 'http://newsroom.test/ap/actors/newsroom';
let hostA: string;
let hostB: string;
let admin: Awaited<ReturnType<typeof signUp>>;
let story: Awaited<ReturnType<typeof createStory>>;
beforeAll(async () => {
  [hostA, hostB] = peerHosts() as [string, string];
  admin = await signUp('admin', { username: 'outside.chief' });
  const reporter = await signUp('reporter', { username: 'outside.reporter' });
  story = await createStory(reporter.token, { title: 'Dam inspection finds cracks', status: 'published' });
  await trustAccount(hostA, 'newsroom');
  await trustAccount(hostB, 'newsroom');
}, 60_000);

const articleId = () => `http://newsroom.test/ap/articles/${story.id}`;

function followerOf(account: string, actorUri: string) {
  return env.DB.prepare('SELECT * FROM fediverse_followers WHERE account = ?1 AND actor_uri = ?2')
    .bind(account, actorUri)
    .first<{ inbox: string; host: string }>();
}

/** Accepts written for this actor's follows (each one's body names the Follow it answers). */
async function acceptsFor(actor: PeerActor): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM fediverse_activities WHERE type = 'Accept' AND body LIKE ?1")
    .bind(`%${actor.id}%`)
    .first<number>('n'))!;
}

const noteOf = (actor: PeerActor, id: string, content: string, extra: Record<string, unknown> = {}) => ({
  id: `${actor.id}/statuses/${id}`,
  type: 'Note',
  attributedTo: actor.id,
  inReplyTo: articleId(),
  content,
  url: `${actor.id}/statuses/${id}`,
  published: '2026-11-20T10:00:00Z',
  to: ['https://www.w3.org/ns/activitystreams#Public'],
  ...extra,
});

async function replyRow(noteUri: string) {
  return env.DB.prepare('SELECT id, state, content FROM fediverse_replies WHERE note_uri = ?1')
    .bind(noteUri)
    .first<{ id: number; state: string; content: string }>();
}

const approve = (id: number) => api(`/api/fediverse/replies/${id}`, { method: 'PUT', token: admin.token, json: { state: 'approved' } });

describe('follows', () => {
  it('refuses a follower whose inbox and shared inbox are on another server: no follower, no Accept', async () => {
    const eve = await peerActor(hostA, 'eve-outside', { inbox: `${hostB}/users/eve-outside/inbox`, sharedInbox: `${hostB}/inbox` });
    const res = await postToInbox(eve, '/ap/inbox', { type: 'Follow', object: NEWSROOM });
    expect(res.status).toBe(202);
    expect(await followerOf('newsroom', eve.id)).toBe(null);
    expect(await acceptsFor(eve)).toBe(0);
    // Without a shared inbox, a personal inbox elsewhere is refused just the same.
    const fay = await peerActor(hostA, 'fay-outside', { inbox: `${hostB}/users/fay-outside/inbox`, sharedInbox: null });
    await postToInbox(fay, '/ap/inbox', { type: 'Follow', object: NEWSROOM });
    expect(await followerOf('newsroom', fay.id)).toBe(null);
    expect(await acceptsFor(fay)).toBe(0);
  });

  it('delivers to the follower’s own inbox when only its shared inbox is elsewhere', async () => {
    const frank = await peerActor(hostA, 'frank-outside', { sharedInbox: `${hostB}/inbox` });
    await follow(frank, 'newsroom');
    expect(await followerOf('newsroom', frank.id)).toMatchObject({ inbox: frank.inbox, host: new URL(hostA).host });
    expect(await acceptsFor(frank)).toBe(1);
  });

  it('answers a repeated Follow with nothing more: one Accept however often it comes', async () => {
    const gail = await peerActor(hostA, 'gail-outside');
    const first = await follow(gail, 'newsroom');
    await follow(gail, 'newsroom');
    await follow(gail, 'newsroom');
    expect(await acceptsFor(gail)).toBe(1);
    await runDeliveries();
    const accepts = (await received(hostA)).filter(
      (entry) => entry.activity?.type === 'Accept' && entry.activity?.object?.actor === gail.id,
    );
    expect(accepts).toHaveLength(1);
    expect(accepts[0]!.activity.object.id).toBe(first.id);
    // An Undo and a new Follow is a new follow: it is answered.
    await postToInbox(gail, '/ap/inbox', { type: 'Undo', object: { id: first.id, type: 'Follow', actor: gail.id, object: NEWSROOM } });
    await follow(gail, 'newsroom');
    expect(await acceptsFor(gail)).toBe(2);
  });
});

describe('what one server’s people can keep here', () => {
  const hostOf = (origin: string) => new URL(origin).host;

  it(`takes at most ${REMOTE_SERVER_LIMITS.followers} followers from one server (and answers no more Follows from it)`, async () => {
    const host = hostOf(hostB);
    const already = (await env.DB.prepare('SELECT count(*) AS n FROM fediverse_followers WHERE actor_host = ?1')
      .bind(host)
      .first<number>('n'))!;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO fediverse_followers (account, actor_uri, inbox, host, actor_host, created_at)
       SELECT 'newsroom', 'http://' || ?2 || '/users/filler-' || i, 'http://' || ?2 || '/inbox', ?2, ?2, '2026-01-01T00:00:00.000Z' FROM n`,
    )
      .bind(REMOTE_SERVER_LIMITS.followers - already, host)
      .run();
    const bob = await peerActor(hostB, 'bob-outside');
    await postToInbox(bob, '/ap/inbox', { type: 'Follow', object: NEWSROOM });
    expect(await followerOf('newsroom', bob.id)).toBe(null);
    expect(await acceptsFor(bob)).toBe(0);
    // One of them leaves: there is room for one more.
    await env.DB.prepare("DELETE FROM fediverse_followers WHERE actor_uri = 'http://' || ?1 || '/users/filler-1'").bind(host).run();
    await follow(bob, 'newsroom');
    expect(await followerOf('newsroom', bob.id)).not.toBe(null);
    expect(await acceptsFor(bob)).toBe(1);
  });

  it(`holds at most ${REMOTE_SERVER_LIMITS.pendingReplies} replies from one server for moderation; a moderated one makes room`, async () => {
    const carl = await peerActor(hostB, 'carl-outside');
    const host = hostOf(hostB);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO fediverse_replies (story_id, note_uri, actor_uri, host, content, published_at, state, received_at)
       SELECT ?2, 'http://' || ?3 || '/notes/filler-' || i, 'http://' || ?3 || '/users/filler', ?3, '<p>Filler</p>', '2026-01-01T00:00:00.000Z', 'pending', '2026-01-01T00:00:00.000Z' FROM n`,
    )
      .bind(REMOTE_SERVER_LIMITS.pendingReplies, story.id, host)
      .run();
    await postToInbox(carl, '/ap/inbox', { type: 'Create', object: noteOf(carl, 'over', '<p>One too many</p>') });
    expect(await replyRow(`${carl.id}/statuses/over`)).toBe(null);
    const filler = await replyRow(`http://${host}/notes/filler-1`);
    expect((await approve(filler!.id)).status).toBe(200);
    await postToInbox(carl, '/ap/inbox', { type: 'Create', object: noteOf(carl, 'room', '<p>Room now</p>') });
    expect(await replyRow(`${carl.id}/statuses/room`)).toMatchObject({ state: 'pending' });
  });

  it(`counts at most ${REMOTE_SERVER_LIMITS.reactionsPerStory} likes and boosts of one story from one server`, async () => {
    const dana = await peerActor(hostB, 'dana-outside');
    const host = hostOf(hostB);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO fediverse_reactions (activity_uri, story_id, kind, actor_uri, host, created_at)
       SELECT 'http://' || ?3 || '/likes/filler-' || i, ?2, 'like', 'http://' || ?3 || '/users/filler-' || i, ?3, '2026-01-01T00:00:00.000Z' FROM n`,
    )
      .bind(REMOTE_SERVER_LIMITS.reactionsPerStory, story.id, host)
      .run();
    await postToInbox(dana, '/ap/inbox', { type: 'Like', object: articleId() });
    const mine = await env.DB.prepare('SELECT count(*) AS n FROM fediverse_reactions WHERE actor_uri = ?1')
      .bind(dana.id)
      .first<number>('n');
    expect(mine).toBe(0);
    // Another story has room.
    const other = await createStory((await signUp('reporter')).token, { status: 'published' });
    await postToInbox(dana, '/ap/inbox', { type: 'Like', object: `http://newsroom.test/ap/articles/${other.id}` });
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM fediverse_reactions WHERE actor_uri = ?1').bind(dana.id).first<number>('n'),
    ).toBe(1);
  });
});

describe('replies', () => {
  it('puts an approved reply its author edited back in the queue: the page shows neither text until approved again', async () => {
    const hana = await peerActor(hostA, 'hana-outside');
    await postToInbox(hana, '/ap/inbox', { type: 'Create', object: noteOf(hana, '1', '<p>Original words</p>') });
    const row = await replyRow(`${hana.id}/statuses/1`);
    expect((await approve(row!.id)).status).toBe(200);
    const site = siteApp();
    expect((await site(`/story/${story.slug}`)).text).toContain('Original words');

    const edited = await postToInbox(hana, '/ap/inbox', { type: 'Update', object: noteOf(hana, '1', '<p>Edited words</p>') });
    expect(edited.status).toBe(202);
    expect(await replyRow(`${hana.id}/statuses/1`)).toMatchObject({ state: 'pending', content: '<p>Edited words</p>' });
    const page = (await site(`/story/${story.slug}`)).text;
    expect(page).not.toContain('Original words');
    expect(page).not.toContain('Edited words');
    const pending = await api('/api/fediverse/replies?state=pending', { token: admin.token });
    expect(pending.body.map((reply: { uri: string }) => reply.uri)).toContain(`${hana.id}/statuses/1`);

    expect((await approve(row!.id)).status).toBe(200);
    expect((await site(`/story/${story.slug}`)).text).toContain('Edited words');
  });

  it('never makes a link of an address that is not http(s): the reply’s, or its author’s page', async () => {
    const mallory = await peerActor(hostA, 'mallory-outside', { url: 'javascript:alert(document.cookie)' });
    await postToInbox(mallory, '/ap/inbox', {
      type: 'Create',
      object: noteOf(mallory, '1', '<p>Click my name</p>', { url: 'javascript:alert(1)' }),
    });
    const row = await replyRow(`${mallory.id}/statuses/1`);
    expect(row).not.toBe(null);
    const listed = (await api('/api/fediverse/replies?state=pending', { token: admin.token })).body.find(
      (reply: { uri: string }) => reply.uri === `${mallory.id}/statuses/1`,
    );
    expect(listed).toMatchObject({ url: null, actor: { uri: mallory.id, url: null } });
    expect((await approve(row!.id)).status).toBe(200);
    // A row stored before this rule (or by any other path) is not rendered as a link either.
    await env.DB.prepare("UPDATE fediverse_replies SET url = 'data:text/html,x', actor_url = 'javascript:alert(2)' WHERE id = ?1")
      .bind(row!.id)
      .run();
    const page = (await siteApp()(`/story/${story.slug}`)).text;
    expect(page).toContain('Click my name');
    expect(page).not.toMatch(/javascript:|data:text/);
    expect(page).toContain(`href="${mallory.id}"`);
  });
});
