import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createStory, expectError, signUp } from './support/api.ts';

/**
 * The newsroom's accounts in the fediverse (docs/product/api-fediverse.md, "Accounts"): found by
 * WebFinger, described by their actors, with outboxes and follower counts, and ActivityStreams at
 * the author and story pages' own addresses for lookups by link.
 */

const AP = { Accept: 'application/activity+json' };

async function actorOf(account: string | number) {
  const res = await api(`/ap/actors/${account}`, { headers: AP });
  return { ...res, json: res.status === 200 ? (JSON.parse(res.text) as Record<string, any>) : null };
}

let reporter: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let story: Awaited<ReturnType<typeof createStory>>;

beforeAll(async () => {
  admin = await signUp('admin', { username: 'editor' });
  reporter = await signUp('reporter', { username: 'Maya.Okafor', firstName: 'Maya', lastName: 'Okafor' });
  await api(`/api/users/${reporter.user.id}`, {
    method: 'PUT',
    token: reporter.token,
    json: { bio: 'Covers the city <hall> & its budget.' },
  });
  story = await createStory(reporter.token, { title: 'Council passes the budget', status: 'published' });
}, 60_000);

describe('WebFinger', () => {
  it('finds the newsroom by its handle, with a self link of type application/activity+json to its actor', async () => {
    const res = await api('/.well-known/webfinger?resource=acct:newsroom@newsroom.test');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/jrd\+json/);
    const jrd = JSON.parse(res.text);
    expect(jrd.subject).toBe('acct:newsroom@newsroom.test');
    expect(jrd.links).toContainEqual({ rel: 'self', type: 'application/activity+json', href: 'http://newsroom.test/ap/actors/newsroom' });
  });

  it('finds a staff member with a published story by username, whatever its case', async () => {
    const res = await api('/.well-known/webfinger?resource=acct:maya.okafor@newsroom.test');
    expect(res.status).toBe(200);
    const jrd = JSON.parse(res.text);
    expect(jrd.links.find((link: any) => link.rel === 'self').href).toBe(`http://newsroom.test/ap/actors/${reporter.user.id}`);
    expect(jrd.links.find((link: any) => link.rel === 'http://webfinger.net/rel/profile-page').href).toBe(
      'http://newsroom.test/author/Maya.Okafor',
    );
  });

  it('answers 404 for anyone else: unknown names, staff without a published story, another host', async () => {
    const idle = await signUp('reporter', { username: 'idle.reporter' });
    await createStory(idle.token, { status: 'draft' });
    for (const resource of ['acct:nobody@newsroom.test', 'acct:idle.reporter@newsroom.test', 'acct:editor@newsroom.test']) {
      expect((await api(`/.well-known/webfinger?resource=${resource}`)).status, resource).toBe(404);
    }
    expect((await api('/.well-known/webfinger?resource=acct:newsroom@elsewhere.example')).status).toBe(404);
  });

  it("refuses in the API's JSON error shape, also where the fediverse library answers in plain text", async () => {
    const unknown = await api('/.well-known/webfinger?resource=acct:nobody@newsroom.test');
    expect(unknown.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    const missing = await api('/.well-known/webfinger');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(missing.body).toEqual({ error: { code: 'bad_request', message: 'Missing resource parameter.' } });
  });
});

describe('actors', () => {
  it('describes the newsroom as an Organization with its handle, pages, collections, shared inbox and RSA key', async () => {
    const { status, json: actor, headers } = await actorOf('newsroom');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/activity\+json/);
    expect(actor).toMatchObject({
      id: 'http://newsroom.test/ap/actors/newsroom',
      type: 'Organization',
      preferredUsername: 'newsroom',
      name: 'The Newsroom',
      url: 'http://newsroom.test/',
      inbox: 'http://newsroom.test/ap/actors/newsroom/inbox',
      outbox: 'http://newsroom.test/ap/actors/newsroom/outbox',
      followers: 'http://newsroom.test/ap/actors/newsroom/followers',
      endpoints: { sharedInbox: 'http://newsroom.test/ap/inbox' },
      icon: { type: 'Image', url: 'http://newsroom.test/fediverse-avatar.png' },
    });
    expect(actor!.summary).toContain('Independent news');
    expect(actor!.publicKey).toMatchObject({ id: 'http://newsroom.test/ap/actors/newsroom#main-key', owner: actor!.id });
    expect(actor!.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
    const key = await crypto.subtle.importKey(
      'spki',
      Uint8Array.from(atob(actor!.publicKey.publicKeyPem.replace(/-----[A-Z ]+-----|\s/g, '')), (c) => c.charCodeAt(0)),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      true,
      ['verify'],
    );
    expect((key.algorithm as { modulusLength: number }).modulusLength).toBe(2048);
  });

  it('describes an author as a Person with their name, bio (escaped), page and the same kind of key', async () => {
    const { json: actor } = await actorOf(reporter.user.id);
    expect(actor).toMatchObject({
      type: 'Person',
      preferredUsername: 'Maya.Okafor',
      name: 'Maya Okafor',
      url: 'http://newsroom.test/author/Maya.Okafor',
      summary: '<p>Covers the city &lt;hall&gt; &amp; its budget.</p>',
      endpoints: { sharedInbox: 'http://newsroom.test/ap/inbox' },
    });
    expect(actor!.publicKey.id).toBe(`http://newsroom.test/ap/actors/${reporter.user.id}#main-key`);
  });

  it('makes each key once and keeps the private half sealed in D1', async () => {
    const first = (await actorOf('newsroom')).json!.publicKey.publicKeyPem;
    const again = (await actorOf('newsroom')).json!.publicKey.publicKeyPem;
    expect(again).toBe(first);
    const rows = await env.DB.prepare('SELECT account, public_key_pem, private_key_sealed FROM fediverse_keys ORDER BY account').all<any>();
    expect(rows.results.map((row) => row.account).sort()).toEqual([String(reporter.user.id), 'newsroom'].sort());
    for (const row of rows.results) {
      expect(row.private_key_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
      expect(row.private_key_sealed).not.toContain('PRIVATE');
    }
  });

  it('answers 404 for ids that are no account', async () => {
    for (const id of ['999999', 'nobody', '0', '-1', String(admin.user.id)]) expect((await actorOf(id)).status, id).toBe(404);
  });

  it('serves the actor at the author page when asked for ActivityStreams, and the page otherwise', async () => {
    const json = await api('/author/Maya.Okafor', { headers: AP });
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text).id).toBe(`http://newsroom.test/ap/actors/${reporter.user.id}`);
    const ld = await api('/author/Maya.Okafor', {
      headers: { Accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' },
    });
    expect(JSON.parse(ld.text).type).toBe('Person');
  });
});

describe('collections', () => {
  it('pages the outbox with Create activities of published stories, newest first', async () => {
    const later = await createStory(reporter.token, { title: 'Second story', status: 'published' });
    await createStory(reporter.token, { title: 'A draft', status: 'draft' });
    const outbox = JSON.parse((await api(`/ap/actors/${reporter.user.id}/outbox`, { headers: AP })).text);
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: 2 });
    const first = JSON.parse((await api(new URL(outbox.first).pathname + new URL(outbox.first).search, { headers: AP })).text);
    expect(first.type).toBe('OrderedCollectionPage');
    expect(first.orderedItems.map((item: any) => [item.type, item.object.type, item.object.name])).toEqual([
      ['Create', 'Article', 'Second story'],
      ['Create', 'Article', 'Council passes the budget'],
    ]);
    expect(first.orderedItems[0].object).toMatchObject({
      id: `http://newsroom.test/ap/articles/${later.id}`,
      attributedTo: `http://newsroom.test/ap/actors/${reporter.user.id}`,
      url: `http://newsroom.test/story/${later.slug}`,
    });
    const newsroom = JSON.parse((await api('/ap/actors/newsroom/outbox', { headers: AP })).text);
    expect(newsroom.totalItems).toBe(2);
  });

  it('counts followers without naming them', async () => {
    const res = await api('/ap/actors/newsroom/followers', { headers: AP });
    expect(JSON.parse(res.text)).toEqual({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: 'http://newsroom.test/ap/actors/newsroom/followers',
      type: 'OrderedCollection',
      totalItems: 0,
    });
    expect((await api('/ap/actors/424242/followers', { headers: AP })).status).toBe(404);
  });

  it('serves a published story as its Article, at its id and at its page when asked for ActivityStreams', async () => {
    const article = JSON.parse((await api(`/ap/articles/${story.id}`, { headers: AP })).text);
    expect(article).toMatchObject({ type: 'Article', name: 'Council passes the budget', summary: 'A short description' });
    const atPage = JSON.parse((await api(`/story/${story.slug}`, { headers: AP })).text);
    expect(atPage.id).toBe(article.id);
    expect((await api(`/story/${story.slug}`)).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await api(`/ap/articles/${story.id}-2`, { headers: AP })).status).toBe(404);
  });
});

describe('the newsroom handle (an admin setting)', () => {
  it('reads publicly, is changed by an admin, and WebFinger follows it', async () => {
    expect((await api('/api/settings/fediverse')).body).toEqual({ handle: 'newsroom', address: '@newsroom@newsroom.test' });
    expectError(await api('/api/settings/fediverse', { method: 'PUT', token: reporter.token, json: { handle: 'desk' } }), 403);
    expectError(await api('/api/settings/fediverse', { method: 'PUT', token: admin.token, json: { handle: 'no spaces' } }), 400);
    expectError(
      await api('/api/settings/fediverse', { method: 'PUT', token: admin.token, json: { handle: 'maya.okafor' } }),
      409,
      'handle_taken',
    );
    const saved = await api('/api/settings/fediverse', { method: 'PUT', token: admin.token, json: { handle: '@CityDesk' } });
    expect(saved.body).toEqual({ handle: 'citydesk', address: '@citydesk@newsroom.test' });
    expect((await api('/.well-known/webfinger?resource=acct:citydesk@newsroom.test')).status).toBe(200);
    expect((await api('/.well-known/webfinger?resource=acct:newsroom@newsroom.test')).status).toBe(404);
    // The actor's address never changes with the handle.
    expect((await actorOf('newsroom')).json).toMatchObject({
      id: 'http://newsroom.test/ap/actors/newsroom',
      preferredUsername: 'citydesk',
    });
    await api('/api/settings/fediverse', { method: 'PUT', token: admin.token, json: { handle: 'newsroom' } });
  });
});
