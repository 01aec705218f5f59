import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createStory, expectError, signUp } from './support/api.ts';
import { siteApp } from './support/site-app.ts';
import { follow, peerActor, peerHosts, postToInbox, received, runDeliveries, trustAccount, type PeerActor } from './support/fediverse.ts';

/**
 * Our inboxes (docs/product/api-fediverse.md, "Inboxes"): only activities with a valid HTTP signature from the actor they name are
 * taken (401 otherwise); follows are answered with a signed Accept, which the peer checks with its
 * own code; replies wait for staff; likes and boosts are counted; blocked servers are refused.
 */

let hostA: string;
let hostB: string;
let alice: PeerActor;
let bob: PeerActor;
let reporter: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let story: Awaited<ReturnType<typeof createStory>>;

beforeAll(async () => {
  [hostA, hostB] = peerHosts() as [string, string];
  alice = await peerActor(hostA, 'alice');
  bob = await peerActor(hostB, 'bob');
  admin = await signUp('admin', { username: 'chief' });
  reporter = await signUp('reporter', { username: 'priya', firstName: 'Priya', lastName: 'Raman' });
  story = await createStory(reporter.token, { title: 'Levee breach floods the lower ward', status: 'published' });
  await trustAccount(hostA, 'newsroom');
  await trustAccount(hostA, String(reporter.user.id));
  await trustAccount(hostB, 'newsroom');
}, 60_000);

const articleId = () => `http://newsroom.test/ap/articles/${story.id}`;

async function followersOf(account: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT actor_uri FROM fediverse_followers WHERE account = ?1 ORDER BY actor_uri')
    .bind(account)
    .all<any>();
  return results.map((row) => row.actor_uri);
}

describe('signatures', () => {
  it('refuses an unsigned activity with 401', async () => {
    const body = JSON.stringify({ type: 'Follow', actor: alice.id, object: 'http://newsroom.test/ap/actors/newsroom' });
    const res = await api('/ap/inbox', { method: 'POST', body, headers: { 'content-type': 'application/activity+json' } });
    expect(res.status).toBe(401);
    expect(await followersOf('newsroom')).toEqual([]);
  });

  it('refuses a body changed after signing with 401', async () => {
    const res = await postToInbox(
      alice,
      '/ap/inbox',
      { type: 'Follow', object: 'http://newsroom.test/ap/actors/newsroom' },
      { tamper: (body) => body.replace('Follow', 'Follow ') },
    );
    expect(res.status).toBe(401);
  });

  it('refuses an activity signed by someone else than its actor with 401', async () => {
    const res = await postToInbox(alice, '/ap/inbox', { type: 'Follow', actor: bob.id, object: 'http://newsroom.test/ap/actors/newsroom' });
    expect(res.status).toBe(401);
    expect(await followersOf('newsroom')).toEqual([]);
  });

  it('takes RFC 9421 signatures as well as draft-cavage', async () => {
    const res = await postToInbox(
      bob,
      '/ap/actors/newsroom/inbox',
      { type: 'Follow', object: 'http://newsroom.test/ap/actors/newsroom' },
      { spec: 'rfc9421' },
    );
    expect(res.status).toBe(202);
    expect(await followersOf('newsroom')).toEqual([bob.id]);
  });
});

describe('follows', () => {
  it('records a Follow and delivers a signed Accept naming it to the follower, once', async () => {
    const sent = await follow(alice, 'newsroom');
    expect(await followersOf('newsroom')).toContain(alice.id);
    await runDeliveries();
    const accepts = (await received(hostA)).filter((entry) => entry.activity?.type === 'Accept');
    expect(accepts).toHaveLength(1);
    expect(accepts[0]).toMatchObject({ verified: true, path: '/inbox', status: 202 });
    expect(accepts[0]!.covered).toEqual(expect.arrayContaining(['(request-target)', 'host', 'date', 'digest']));
    expect(accepts[0]!.activity).toMatchObject({
      actor: 'http://newsroom.test/ap/actors/newsroom',
      object: { type: 'Follow', id: sent.id, actor: alice.id, object: 'http://newsroom.test/ap/actors/newsroom' },
    });
    const count = JSON.parse((await api('/ap/actors/newsroom/followers', { headers: { Accept: 'application/activity+json' } })).text);
    expect(count.totalItems).toBe(2);
  });

  it('follows an author too, and Undo of the Follow removes the follower', async () => {
    const sent = await follow(alice, String(reporter.user.id));
    expect(await followersOf(String(reporter.user.id))).toEqual([alice.id]);
    const undo = await postToInbox(alice, '/ap/inbox', {
      type: 'Undo',
      object: { id: sent.id, type: 'Follow', actor: alice.id, object: sent.object },
    });
    expect(undo.status).toBe(202);
    expect(await followersOf(String(reporter.user.id))).toEqual([]);
    expect(await followersOf('newsroom')).toContain(alice.id);
  });

  it('ignores a Follow of an account that does not exist', async () => {
    const res = await postToInbox(alice, '/ap/inbox', { type: 'Follow', object: 'http://newsroom.test/ap/actors/987654' });
    expect(res.status).toBe(202);
    expect(await followersOf('987654')).toEqual([]);
  });
});

describe('replies, likes and boosts', () => {
  const note = (actor: PeerActor, id: string, content: string, inReplyTo = articleId()) => ({
    type: 'Create',
    object: {
      id: `${actor.id}/statuses/${id}`,
      type: 'Note',
      attributedTo: actor.id,
      inReplyTo,
      content,
      url: `${actor.id}/statuses/${id}`,
      published: '2026-11-20T10:00:00Z',
      to: ['https://www.w3.org/ns/activitystreams#Public'],
    },
  });

  it('holds a reply for moderation, sanitised, and shows it under the story only once approved', async () => {
    const res = await postToInbox(
      alice,
      '/ap/inbox',
      note(alice, '1', '<p>Stay safe <script>alert(1)</script><a href="javascript:x">out</a> there</p>'),
    );
    expect(res.status).toBe(202);
    const pending = await api('/api/fediverse/replies?state=pending', { token: admin.token });
    expect(pending.body).toHaveLength(1);
    const reply = pending.body[0];
    expect(reply).toMatchObject({
      storyId: story.id,
      storyTitle: 'Levee breach floods the lower ward',
      uri: `${alice.id}/statuses/1`,
      actor: { uri: alice.id, name: 'Alice', handle: alice.handle },
      state: 'pending',
      publishedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(reply.content).toBe('<p>Stay safe <a rel="nofollow noopener noreferrer ugc" target="_blank">out</a> there</p>');
    const site = siteApp();
    expect((await site(`/story/${story.slug}`)).text).not.toContain('Stay safe');

    expectError(
      await api(`/api/fediverse/replies/${reply.id}`, { method: 'PUT', token: reporter.token, json: { state: 'approved' } }),
      403,
    );
    const approved = await api(`/api/fediverse/replies/${reply.id}`, { method: 'PUT', token: admin.token, json: { state: 'approved' } });
    expect(approved.body.state).toBe('approved');
    const page = (await site(`/story/${story.slug}`)).text;
    expect(page).toContain('Stay safe');
    expect(page).toContain(`href="${alice.id}/statuses/1"`);
    expect(page).toContain('Alice');

    await api(`/api/fediverse/replies/${reply.id}`, { method: 'PUT', token: admin.token, json: { state: 'hidden' } });
    expect((await site(`/story/${story.slug}`)).text).not.toContain('Stay safe');
    const audit = await api('/api/audit?action=fediverse.reply_approved', { token: admin.token });
    expect(audit.status).toBe(200);
  });

  it('keeps no reply to anything that is not one of our published stories, and none claimed for someone else', async () => {
    await postToInbox(alice, '/ap/inbox', note(alice, '2', '<p>Elsewhere</p>', 'https://elsewhere.example/notes/1'));
    const forged = note(alice, '3', '<p>Forged</p>');
    (forged.object as any).attributedTo = bob.id;
    await postToInbox(alice, '/ap/inbox', forged);
    const all = await env.DB.prepare(
      "SELECT note_uri FROM fediverse_replies WHERE note_uri LIKE '%/statuses/2' OR note_uri LIKE '%/statuses/3'",
    ).all();
    expect(all.results).toEqual([]);
  });

  it('counts likes and boosts once per person, and takes them back on Undo', async () => {
    const like = await postToInbox(alice, '/ap/inbox', { type: 'Like', object: articleId() });
    await postToInbox(alice, '/ap/inbox', { type: 'Like', object: articleId() });
    await postToInbox(bob, '/ap/inbox', { type: 'Like', object: articleId() });
    await postToInbox(bob, '/ap/inbox', { type: 'Announce', object: articleId(), to: ['https://www.w3.org/ns/activitystreams#Public'] });
    const figures = await api(`/api/fediverse/stories/${story.id}`, { token: reporter.token });
    expect(figures.body).toMatchObject({ likes: 2, boosts: 1 });
    await postToInbox(alice, '/ap/inbox', {
      type: 'Undo',
      object: { id: like.activity.id, type: 'Like', actor: alice.id, object: articleId() },
    });
    expect((await api(`/api/fediverse/stories/${story.id}`, { token: reporter.token })).body).toMatchObject({ likes: 1, boosts: 1 });
    expectError(await api(`/api/fediverse/stories/${story.id}`, { token: (await signUp('reporter')).token }), 404);
  });

  it('forgets a reply its author deleted', async () => {
    await postToInbox(bob, '/ap/inbox', note(bob, '9', '<p>Regret this</p>'));
    expect((await env.DB.prepare("SELECT count(*) AS n FROM fediverse_replies WHERE note_uri LIKE '%/statuses/9'").first<any>()).n).toBe(1);
    await postToInbox(bob, '/ap/inbox', { type: 'Delete', object: { id: `${bob.id}/statuses/9`, type: 'Tombstone' } });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM fediverse_replies WHERE note_uri LIKE '%/statuses/9'").first<any>()).n).toBe(0);
  });
});

describe('blocks', () => {
  it('refuses a blocked server with 403 before anything else, removes its followers and hides its replies', async () => {
    await postToInbox(bob, '/ap/inbox', {
      type: 'Create',
      object: { id: `${bob.id}/statuses/20`, type: 'Note', attributedTo: bob.id, inReplyTo: articleId(), content: '<p>Spam</p>' },
    });
    const host = new URL(bob.id).host;
    expectError(await api('/api/fediverse/blocks', { method: 'POST', token: reporter.token, json: { kind: 'server', value: host } }), 403);
    expectError(
      await api('/api/fediverse/blocks', { method: 'POST', token: admin.token, json: { kind: 'server', value: 'not a host!' } }),
      400,
    );
    const blocked = await api('/api/fediverse/blocks', {
      method: 'POST',
      token: admin.token,
      json: { kind: 'server', value: `http://${host}/@bob` },
    });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ kind: 'server', value: host });
    expectError(
      await api('/api/fediverse/blocks', { method: 'POST', token: admin.token, json: { kind: 'server', value: host } }),
      409,
      'already_blocked',
    );
    expect(await followersOf('newsroom')).not.toContain(bob.id);
    const spam = await env.DB.prepare("SELECT state FROM fediverse_replies WHERE note_uri LIKE '%/statuses/20'").first<any>();
    expect(spam.state).toBe('hidden');

    const refused = await postToInbox(bob, '/ap/inbox', { type: 'Follow', object: 'http://newsroom.test/ap/actors/newsroom' });
    expect(refused.status).toBe(403);
    expect(await followersOf('newsroom')).not.toContain(bob.id);

    await api(`/api/fediverse/blocks/${blocked.body.id}`, { method: 'DELETE', token: admin.token });
    expect((await postToInbox(bob, '/ap/inbox', { type: 'Follow', object: 'http://newsroom.test/ap/actors/newsroom' })).status).toBe(202);
  });

  it('drops what a blocked account sends', async () => {
    const blocked = await api('/api/fediverse/blocks', { method: 'POST', token: admin.token, json: { kind: 'account', value: alice.id } });
    expect(blocked.status).toBe(201);
    expect(await followersOf('newsroom')).not.toContain(alice.id);
    expect((await postToInbox(alice, '/ap/inbox', { type: 'Follow', object: 'http://newsroom.test/ap/actors/newsroom' })).status).toBe(403);
    expect((await api('/api/fediverse/blocks', { token: admin.token })).body.map((block: any) => block.kind)).toContain('account');
  });
});
