import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/adapters/http/app.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import type { User } from '../../src/domain/users/entities.ts';
import { env, exports } from 'cloudflare:workers';
import { multipart, pngOf } from './support/media.ts';
import { syntheticRecording } from './support/synthetic-webm.ts';
import {
  api,
  createStory,
  deleteUser,
  deps,
  expectError,
  login,
  signUp,
  storyPayload,
  updatePayload,
  type ApiResponse,
} from './support/api.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { createNewsletter } from '../../src/services/newsletters/manage-newsletters.ts';
import { unsubscribeUrl } from '../../src/services/newsletters/subscriptions.ts';
import type { Newsletter } from '../../src/domain/newsletters/entities.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';
import { codeOf, enableTotp, passwordStep } from './support/two-factor.ts';
import { receiverSubscription, subscribeBody } from './support/push.ts';

/**
 * Who may call what (docs/product/api.md): 401 not signed in or a dead token, 403 signed in but not allowed,
 * 404 for a draft the caller may not see, 2xx otherwise. Every endpoint of the API, every kind of caller.
 */

const ACTORS = ['anonymous', 'author', 'otherReporter', 'admin', 'deactivated', 'loggedOut'] as const;
type ActorName = (typeof ACTORS)[number];

interface Caller {
  token: string | null;
  /** The account's password (null for the anonymous and dead callers). */
  password: string | null;
  /** A session of its own for a call that ends it (logout); a dead or missing token stays what it is. */
  freshToken(): Promise<string | null>;
}

interface Fixtures {
  admin: { user: User; token: string };
  totpHolder: { user: User; password: string; recoveryCodes: string[] };
  keyholder: SoftAuthenticator;
  author: { user: User; password: string };
  desk: { user: User; password: string };
  published: Story;
  draft: Story;
  archived: Story;
  inReview: Story;
  scheduled: Story;
  /** Every story made before the matrix runs, by name, for the list-visibility table. */
  listed: Record<ListedStory, Story>;
  callers: Record<ActorName, Caller>;
}
type ListedStory =
  | 'authorPublished'
  | 'authorDraft'
  | 'authorArchived'
  | 'authorInReview'
  | 'authorScheduled'
  | 'authorDeleted'
  | 'otherPublished'
  | 'otherDraft'
  | 'adminDraft';
let fx: Fixtures;
let sequence = 0;
const unique = (prefix: string) => `${prefix}${++sequence}`;

/** A reporter account made straight in the repository: something to delete without spending a sign-in. */
async function spareReporter(): Promise<User> {
  const username = unique('spare');
  return deps.users.create(
    { username, email: `${username}@newsroom.test`, passwordHash: 'not-a-hash', role: 'reporter', firstName: null, lastName: null },
    deps.clock.now(),
  );
}

const freshStory = (status: 'published' | 'draft' | 'in_review') => createStory(fx.callers.author.token!, { status });

/** An address push services take, set as the alerts contact (the test admins are on newsroom.test, which they would not). */
const ALERTS_CONTACT = 'desk@newsroom.example.org';
/** A fresh story of the author's, with the alerts contact set: each alert needs a story not alerted yet. */
async function alertable(status: 'published' | 'draft'): Promise<Story> {
  await deps.settings.put('alerts', { contactEmail: ALERTS_CONTACT }, null, deps.clock.now());
  return freshStory(status);
}
/** A fresh story of the author's with a video of its own and a ready caption track (docs/product/api-captions.md). */
async function captioned(
  status: 'published' | 'draft',
): Promise<{ story: Story; track: string; upload: { body: Uint8Array; contentType: string } }> {
  const story = await createStory(fx.callers.author.token!, { status, videoUrl: `/media/videos/2026/01/${crypto.randomUUID()}.webm` });
  const cues = [{ start: 1, end: 2, text: 'Good evening.' }];
  const track = await deps.captions.create(
    {
      id: crypto.randomUUID(),
      storyId: story.id,
      videoUrl: story.videoUrl!,
      lang: 'en',
      label: 'English',
      source: 'uploaded',
      state: 'ready',
      cues,
    },
    deps.clock.now(),
  );
  const upload = multipart([
    { name: 'lang', value: 'en' },
    { name: 'file', value: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nGood evening.\n', filename: 'a.vtt' },
  ]);
  return { story, track: track.id, upload };
}
const captionPath = async (status: 'published' | 'draft', rest = '') => {
  const { story, track } = await captioned(status);
  return `/api/stories/${story.id}/captions${rest.replace('{track}', track)}`;
};

/** An alert sent for a fresh story, as its author; its id. */
async function sentAlert(): Promise<number> {
  const story = await alertable('published');
  return (await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: fx.callers.author.token, json: { topic: 'breaking' } })).body
    .id;
}
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

/** A revision of a fresh story of the author's: the first, which every story has. */
async function freshRevision(status: 'published' | 'draft'): Promise<{ story: Story; revisionId: number }> {
  const story = await freshStory(status);
  const [revision] = await deps.revisions.list(story.id);
  return { story, revisionId: revision!.id };
}

async function freshDeletedStory(): Promise<Story> {
  const story = await freshStory('published');
  expect(await api(`/api/stories/${story.id}`, { method: 'DELETE', token: fx.callers.author.token }).then((r) => r.status)).toBe(204);
  return story;
}

/** Media: a small real PNG sent as the upload form's file. */
const pngForm = (name: string) => multipart([{ name, value: pngOf(256), filename: 'photo.png', contentType: 'image/png' }]);
const uploadPng = (path: string, name: string, token: string | null) => {
  const form = pngForm(name);
  return api(path, { method: 'POST', token, body: form.body, headers: { 'Content-Type': form.contentType } });
};
/** The newsletter the newsletter rows use (made once), and a send of one of the author's stories to it. */
let matrixNewsletter: Promise<Newsletter> | null = null;
const newsletter = () => (matrixNewsletter ??= createNewsletter(deps, { name: unique('Matrix Letter ') }));
/** A paid tier (made through the API by the fixtures' admin, Stripe's side in the stand-in) and a reader for the Members admin's rows. */
let matrixTier: Promise<number> | undefined;
const memberTier = () =>
  (matrixTier ??= api('/api/members/tiers', { method: 'POST', token: fx.admin.token, json: TIER_BODY }).then((res) => {
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  }));
const TIER_BODY = { name: 'Matrix tier', monthly: { amount: 500, currency: 'usd' }, yearly: { amount: 5000, currency: 'usd' } };
let matrixReader: Promise<number> | undefined;
const memberReader = () =>
  (matrixReader ??= env.DB.prepare('INSERT INTO readers (email, created_at, updated_at) VALUES (?, ?, ?) RETURNING id')
    .bind(`${unique('member')}@readers.test`, deps.clock.now(), deps.clock.now())
    .first<number>('id')
    .then((id) => id!));
async function authorSend(): Promise<number> {
  const story = await freshStory('published');
  const sent = await api(`/api/stories/${story.id}/send`, {
    method: 'POST',
    token: fx.callers.author.token,
    json: { newsletter: (await newsletter()).slug },
  });
  expect(sent.status).toBe(202);
  return sent.body.id;
}

/** A short WebM clip, as the recorder sends it. */
const uploadWebm = (token: string | null) => {
  const { init, clusters } = syntheticRecording(2, 64);
  const clip = new Uint8Array([init, ...clusters].flatMap((piece) => [...piece]));
  const form = multipart([{ name: 'video', value: clip, filename: 'clip.webm', contentType: 'video/webm' }]);
  return api('/api/upload/video', { method: 'POST', token, body: form.body, headers: { 'Content-Type': form.contentType } });
};

/** A resumable upload session of the author's holding one small PNG part, ready to complete. */
async function authorUpload(withPart: boolean): Promise<string> {
  const token = fx.callers.author.token!;
  const created = await api('/api/uploads', { method: 'POST', token, json: { filename: 'photo.png', size: 256, kind: 'image' } });
  expect(created.status).toBe(201);
  if (withPart)
    expect((await api(`/api/uploads/${created.body.uploadId}/parts/1`, { method: 'PUT', token, body: pngOf(256) })).status).toBe(200);
  return created.body.uploadId;
}

/** A live blog of the author's, and an update the author posted to it (docs/product/api-liveblogs.md). */
const freshLiveBlog = (status: 'published' | 'draft') => createStory(fx.callers.author.token!, { status, format: 'liveblog' });
async function freshUpdate(status: 'published' | 'draft'): Promise<{ story: Story; updateId: number }> {
  const story = await freshLiveBlog(status);
  const posted = await api(`/api/stories/${story.id}/updates`, {
    method: 'POST',
    token: fx.callers.author.token,
    json: { body: '<p>From the scene</p>' },
  });
  expect(posted.status).toBe(201);
  return { story, updateId: posted.body.id };
}

/** The head of a live blog's event stream (its body never ends by itself, so it is cancelled at once). */
async function streamHead(storyId: number, token: string | null): Promise<ApiResponse> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const res = await exports.default.fetch(new Request(`http://newsroom.test/api/stories/${storyId}/updates/stream`, { headers }));
  if (res.status === 200) {
    await res.body?.cancel();
    return { status: 200, headers: res.headers, body: null, text: '' };
  }
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

/** A live stream the author started. */
async function authorStream(): Promise<number> {
  const started = await api('/api/streams/start', { method: 'POST', token: fx.callers.author.token, json: { title: unique('Live ') } });
  expect(started.status).toBe(201);
  return started.body.id;
}

/** A WebSocket upgrade through the whole worker; an accepted socket is closed at once. */
async function upgrade(path: string, token: string | null): Promise<ApiResponse> {
  const headers: Record<string, string> = { Upgrade: 'websocket' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await exports.default.fetch(new Request(`http://newsroom.test${path}`, { headers }));
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close(1000, 'matrix');
    return { status: res.status, headers: res.headers, body: null, text: '' };
  }
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

type Expected = readonly [anonymous: number, author: number, otherReporter: number, admin: number, deactivated: number, loggedOut: number];
interface Row {
  call: string;
  expected: Expected;
  send: (caller: Caller) => Promise<ApiResponse>;
}
const row = (call: string, expected: Expected, send: Row['send']): Row => ({ call, expected, send });

// "author" is the reporter who wrote the stories the calls touch; "deactivated" is the old token of a
// user an admin has deleted; "loggedOut" is a second session of the author that has logged out.
// prettier-ignore
const MATRIX: Row[] = [
  //   call                                              anon  author other admin deact  out
  row('GET /api/health',                                [200,  200,   200,  200,  200,   200], (c) => api('/api/health', { token: c.token })),
  row('POST /api/auth/login',                           [200,  200,   200,  200,  200,   200], (c) => api('/api/auth/login', { method: 'POST', token: c.token, json: { emailOrUsername: fx.desk.user.username, password: fx.desk.password } })),
  row('POST /api/auth/logout',                          [401,  204,   204,  204,  401,   401], async (c) => api('/api/auth/logout', { method: 'POST', token: await c.freshToken() })),
  row('GET /api/auth/me',                               [401,  200,   200,  200,  401,   401], (c) => api('/api/auth/me', { token: c.token })),
  row('POST /api/auth/register',                        [401,  403,   403,  201,  401,   401], (c) => { const username = unique('hire'); return api('/api/auth/register', { method: 'POST', token: c.token, json: { username, email: `${username}@newsroom.test`, password: 'secret-pw', role: 'reporter' } }); }),
  row('GET /api/users',                                 [401,  403,   403,  200,  401,   401], (c) => api('/api/users', { token: c.token })),
  row('GET /api/users/staff',                           [401,  403,   403,  200,  401,   401], (c) => api('/api/users/staff', { token: c.token })),
  row('DELETE /api/users/:id',                          [401,  403,   403,  204,  401,   401], async (c) => api(`/api/users/${(await spareReporter()).id}`, { method: 'DELETE', token: c.token })),
  row('GET /api/users/:id/beats',                       [401,  403,   403,  200,  401,   401], (c) => api(`/api/users/${fx.author.user.id}/beats`, { token: c.token })),
  row('PUT /api/users/:id/beats',                       [401,  403,   403,  200,  401,   401], async (c) => api(`/api/users/${(await spareReporter()).id}/beats`, { method: 'PUT', token: c.token, json: { beatIds: [] } })),
  row('GET /api/beats',                                 [200,  200,   200,  200,  200,   200], (c) => api('/api/beats', { token: c.token })),
  row('GET /api/beats/slug/:slug',                      [200,  200,   200,  200,  200,   200], async (c) => { const beat = await createBeat(deps, { name: unique('Beat '), description: null }); return api(`/api/beats/slug/${beat.slug}`, { token: c.token }); }),
  row('GET /api/search',                                [200,  200,   200,  200,  200,   200], (c) => api('/api/search?q=story', { token: c.token })),
  row('GET /api/search?scope=staff',                    [401,  200,   200,  200,  401,   401], (c) => api('/api/search?q=story&scope=staff', { token: c.token })),
  row('GET /api/users/by-username/:username/profile',   [200,  200,   200,  200,  200,   200], (c) => api(`/api/users/by-username/${fx.author.user.username}/profile`, { token: c.token })),
  row('GET /api/settings/social',                       [200,  200,   200,  200,  200,   200], (c) => api('/api/settings/social', { token: c.token })),
  row('PUT /api/settings/social',                       [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/social', { method: 'PUT', token: c.token, json: { xHandle: 'TheNewsroom' } })),
  row('GET /api/settings/fediverse',                    [200,  200,   200,  200,  200,   200], (c) => api('/api/settings/fediverse', { token: c.token })),
  row('PUT /api/settings/fediverse',                    [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/fediverse', { method: 'PUT', token: c.token, json: { handle: 'newsroom' } })),
  row('GET /api/fediverse/overview',                    [401,  200,   200,  200,  401,   401], (c) => api('/api/fediverse/overview', { token: c.token })),
  row('GET /api/fediverse/replies',                     [401,  403,   403,  200,  401,   401], (c) => api('/api/fediverse/replies', { token: c.token })),
  row('PUT /api/fediverse/replies/:id (none)',          [401,  403,   403,  404,  401,   401], (c) => api('/api/fediverse/replies/999999', { method: 'PUT', token: c.token, json: { state: 'hidden' } })),
  row('GET /api/fediverse/blocks',                      [401,  403,   403,  200,  401,   401], (c) => api('/api/fediverse/blocks', { token: c.token })),
  row('POST /api/fediverse/blocks',                     [401,  403,   403,  201,  401,   401], (c) => api('/api/fediverse/blocks', { method: 'POST', token: c.token, json: { kind: 'server', value: `${unique('spam')}.example` } })),
  row('DELETE /api/fediverse/blocks/:id',               [401,  403,   403,  204,  401,   401], async (c) => { const block = await api<{ id: number }>('/api/fediverse/blocks', { method: 'POST', token: fx.callers.admin.token, json: { kind: 'server', value: `${unique('spam')}.example` } }); return api(`/api/fediverse/blocks/${block.body.id}`, { method: 'DELETE', token: c.token }); }),
  row('GET /api/fediverse/stories/:id',                 [401,  200,   404,  200,  401,   401], (c) => api(`/api/fediverse/stories/${fx.published.id}`, { token: c.token })),
  row('PUT /api/users/:id (the author)',                [401,  200,   403,  200,  401,   401], (c) => api(`/api/users/${fx.author.user.id}`, { method: 'PUT', token: c.token, json: { bio: unique('Bio ') } })),
  row('POST /api/beats',                                [401,  403,   403,  201,  401,   401], (c) => api('/api/beats', { method: 'POST', token: c.token, json: { name: unique('Beat '), description: 'Topic' } })),
  row('PUT /api/beats/:id',                             [401,  403,   403,  200,  401,   401], async (c) => { const beat = await createBeat(deps, { name: unique('Beat '), description: null }); return api(`/api/beats/${beat.id}`, { method: 'PUT', token: c.token, json: { description: 'Renamed' } }); }),
  row('GET /api/stories',                               [200,  200,   200,  200,  200,   200], (c) => api('/api/stories', { token: c.token })),
  row('GET /api/stories?status=draft',                  [200,  200,   200,  200,  200,   200], (c) => api('/api/stories?status=draft', { token: c.token })),
  row('GET /api/stories?authorId=:author',              [200,  200,   200,  200,  200,   200], (c) => api(`/api/stories?authorId=${fx.author.user.id}`, { token: c.token })),
  row('GET /api/stories/featured',                      [200,  200,   200,  200,  200,   200], (c) => api('/api/stories/featured', { token: c.token })),
  row('GET /api/stories/:id (published)',               [200,  200,   200,  200,  200,   200], (c) => api(`/api/stories/${fx.published.id}`, { token: c.token })),
  row('GET /api/stories/:id (draft)',                   [404,  200,   404,  200,  404,   404], (c) => api(`/api/stories/${fx.draft.id}`, { token: c.token })),
  row('GET /api/stories/:id (archived)',                [404,  200,   404,  200,  404,   404], (c) => api(`/api/stories/${fx.archived.id}`, { token: c.token })),
  row('GET /api/stories/slug/:slug (published)',        [200,  200,   200,  200,  200,   200], (c) => api(`/api/stories/slug/${fx.published.slug}`, { token: c.token })),
  row('GET /api/stories/slug/:slug (draft)',            [404,  200,   404,  200,  404,   404], (c) => api(`/api/stories/slug/${fx.draft.slug}`, { token: c.token })),
  row('POST /api/stories',                              [401,  201,   201,  201,  401,   401], (c) => api('/api/stories', { method: 'POST', token: c.token, json: storyPayload() })),
  row('PUT /api/stories/:id (published)',               [401,  200,   403,  200,  401,   401], async (c) => { const s = await freshStory('published'); return api(`/api/stories/${s.id}`, { method: 'PUT', token: c.token, json: updatePayload(s, { title: 'Edited' }) }); }),
  row('PUT /api/stories/:id (draft)',                   [401,  200,   404,  200,  401,   401], async (c) => { const s = await freshStory('draft'); return api(`/api/stories/${s.id}`, { method: 'PUT', token: c.token, json: updatePayload(s, { title: 'Edited' }) }); }),
  row('DELETE /api/stories/:id (published)',            [401,  204,   403,  204,  401,   401], async (c) => api(`/api/stories/${(await freshStory('published')).id}`, { method: 'DELETE', token: c.token })),
  row('DELETE /api/stories/:id (draft)',                [401,  204,   404,  204,  401,   401], async (c) => api(`/api/stories/${(await freshStory('draft')).id}`, { method: 'DELETE', token: c.token })),
  // The staff preview (decision 120): the story page's article, for staff who may see the story; a draft is its author's and the admins'.
  row('GET /api/stories/:id/preview (draft)',           [401,  200,   404,  200,  401,   401], async (c) => api(`/api/stories/${(await freshStory('draft')).id}/preview`, { token: c.token })),
  row('POST /api/stories/:id/restore',                  [401,  200,   404,  200,  401,   401], async (c) => api(`/api/stories/${(await freshDeletedStory()).id}/restore`, { method: 'POST', token: c.token })),
  row('GET /api/stories/:id (in review)',               [404,  200,   404,  200,  404,   404], (c) => api(`/api/stories/${fx.inReview.id}`, { token: c.token })),
  row('GET /api/stories/:id (scheduled)',               [404,  200,   404,  200,  404,   404], (c) => api(`/api/stories/${fx.scheduled.id}`, { token: c.token })),
  row('GET /api/stories/slug/:slug (scheduled)',        [404,  200,   404,  200,  404,   404], (c) => api(`/api/stories/slug/${fx.scheduled.slug}`, { token: c.token })),
  row('POST /api/stories/:id/review (in review)',       [401,  403,   404,  200,  401,   401], async (c) => { const s = await freshStory('in_review'); return api(`/api/stories/${s.id}/review`, { method: 'POST', token: c.token, json: { decision: 'approve', version: s.version } }); }),
  row('GET /api/stories/:id/revisions (published)',     [401,  200,   404,  200,  401,   401], (c) => api(`/api/stories/${fx.published.id}/revisions`, { token: c.token })),
  row('GET /api/stories/:id/revisions (draft)',         [401,  200,   404,  200,  401,   401], (c) => api(`/api/stories/${fx.draft.id}/revisions`, { token: c.token })),
  row('GET /api/stories/:id/revisions/:revisionId',     [401,  200,   404,  200,  401,   401], async (c) => { const { story, revisionId } = await freshRevision('published'); return api(`/api/stories/${story.id}/revisions/${revisionId}`, { token: c.token }); }),
  row('POST /api/stories/:id/revisions/:revisionId/restore', [401, 200, 404, 200,  401,   401], async (c) => { const { story, revisionId } = await freshRevision('published'); return api(`/api/stories/${story.id}/revisions/${revisionId}/restore`, { method: 'POST', token: c.token, json: { version: story.version } }); }),
  row('POST /api/stories/:id/corrections (published)',  [401,  201,   403,  201,  401,   401], async (c) => api(`/api/stories/${(await freshStory('published')).id}/corrections`, { method: 'POST', token: c.token, json: { note: 'A figure was wrong.' } })),
  row('POST /api/stories/:id/corrections (draft)',      [401,  409,   404,  409,  401,   401], async (c) => api(`/api/stories/${(await freshStory('draft')).id}/corrections`, { method: 'POST', token: c.token, json: { note: 'Too early.' } })),
  row('POST /api/stories/:id/view (published)',         [200,  200,   200,  200,  200,   200], (c) => api(`/api/stories/${fx.published.id}/view`, { method: 'POST', json: {}, token: c.token })),
  row('POST /api/stories/:id/view (draft)',             [404,  200,   404,  200,  404,   404], (c) => api(`/api/stories/${fx.draft.id}/view`, { method: 'POST', json: {}, token: c.token })),
  row('GET /api/analytics/dashboard',                   [401,  403,   403,  200,  401,   401], (c) => api('/api/analytics/dashboard', { token: c.token })),
  row('POST /api/upload/image',                         [401,  201,   201,  201,  401,   401], (c) => uploadPng('/api/upload/image', 'file', c.token)),
  row('POST /api/upload/video',                         [401,  201,   201,  201,  401,   401], (c) => uploadWebm(c.token)),
  row('POST /api/uploads',                              [401,  201,   201,  201,  401,   401], (c) => api('/api/uploads', { method: 'POST', token: c.token, json: { filename: 'clip.webm', size: 1024, kind: 'video' } })),
  row('GET /api/uploads/:uploadId (the author’s)',      [401,  200,   404,  404,  401,   401], async (c) => api(`/api/uploads/${await authorUpload(false)}`, { token: c.token })),
  row('PUT /api/uploads/:uploadId/parts/:n',            [401,  200,   404,  404,  401,   401], async (c) => api(`/api/uploads/${await authorUpload(false)}/parts/1`, { method: 'PUT', token: c.token, body: pngOf(256) })),
  row('POST /api/uploads/:uploadId/complete',           [401,  201,   404,  404,  401,   401], async (c) => api(`/api/uploads/${await authorUpload(true)}/complete`, { method: 'POST', token: c.token, json: {} })),
  row('DELETE /api/uploads/:uploadId',                  [401,  204,   404,  404,  401,   401], async (c) => api(`/api/uploads/${await authorUpload(true)}`, { method: 'DELETE', token: c.token })),
  row('GET /api/streams/active',                        [200,  200,   200,  200,  200,   200], (c) => api('/api/streams/active', { token: c.token })),
  row('POST /api/streams/start',                        [401,  201,   201,  201,  401,   401], (c) => api('/api/streams/start', { method: 'POST', token: c.token, json: { title: unique('Live ') } })),
  row('POST /api/streams/:id/end (the author’s)',       [401,  200,   403,  200,  401,   401], async (c) => api(`/api/streams/${await authorStream()}/end`, { method: 'POST', token: c.token })),
  row('GET /api/streams/:id/publish (the author’s)',    [401,  101,   403,  403,  401,   401], async (c) => upgrade(`/api/streams/${await authorStream()}/publish`, c.token)),
  row('GET /api/streams/:id/live',                      [200,  200,   200,  200,  200,   200], async (c) => api(`/api/streams/${await authorStream()}/live`, { token: c.token })),
  // Before any picture: the same answer for everyone (no session work on these routes at all).
  row('GET /api/streams/:id/live/init',                 [404,  404,   404,  404,  404,   404], async (c) => api(`/api/streams/${await authorStream()}/live/init`, { token: c.token })),
  row('GET /api/streams/:id/live/init.mp4',             [404,  404,   404,  404,  404,   404], async (c) => api(`/api/streams/${await authorStream()}/live/init.mp4`, { token: c.token })),
  // No bytes yet, so not known to be WebM: an empty live playlist, for anyone.
  row('GET /api/streams/:id/live.m3u8',                 [200,  200,   200,  200,  200,   200], async (c) => api(`/api/streams/${await authorStream()}/live.m3u8`, { token: c.token })),
  row('GET /api/streams/:id/live/:n (far ahead)',       [404,  404,   404,  404,  404,   404], async (c) => api(`/api/streams/${await authorStream()}/live/99`, { token: c.token })),
  row('GET /api/streams/:id/live/g/:g (far ahead)',     [404,  404,   404,  404,  404,   404], async (c) => api(`/api/streams/${await authorStream()}/live/g/99`, { token: c.token })),
  row('GET /api/streams/:id/live/from/:n (far ahead)',  [404,  404,   404,  404,  404,   404], async (c) => api(`/api/streams/${await authorStream()}/live/from/99`, { token: c.token })),
  row('GET /api/streams/:id/master.m3u8',               [200,  200,   200,  200,  200,   200], async (c) => api(`/api/streams/${await authorStream()}/master.m3u8`, { token: c.token })),
  row('GET /api/streams/:id/captions.m3u8',             [200,  200,   200,  200,  200,   200], async (c) => api(`/api/streams/${await authorStream()}/captions.m3u8`, { token: c.token })),
  row('GET /api/streams/:id/captions/:file (far ahead)', [404, 404,   404,  404,  404,   404], async (c) => api(`/api/streams/${await authorStream()}/captions/99.vtt`, { token: c.token })),
  row('GET /api/streams/:id/live/captions',             [200,  200,   200,  200,  200,   200], async (c) => api(`/api/streams/${await authorStream()}/live/captions`, { token: c.token })),
  row('GET /api/streams/:id/live/start',                [204,  204,   204,  204,  204,   204], async (c) => api(`/api/streams/${await authorStream()}/live/start`, { token: c.token })),
  row('GET /api/streams/:id/stats (the author’s)',      [401,  200,   403,  200,  401,   401], async (c) => api(`/api/streams/${await authorStream()}/stats`, { token: c.token })),
  row('GET /api/analytics/me/figures',                  [401,  200,   200,  200,  401,   401], (c) => api('/api/analytics/me/figures', { token: c.token })),
  // Readership analytics (docs/product/api-analytics.md): a story's and a stream's for its author and admins, the site's for admins.
  row('GET /api/analytics/me',                          [401,  200,   200,  200,  401,   401], (c) => api('/api/analytics/me', { token: c.token })),
  row('GET /api/analytics/site',                        [401,  403,   403,  200,  401,   401], (c) => api('/api/analytics/site', { token: c.token })),
  row('GET /api/analytics/stories/:id (published)',     [401,  200,   404,  200,  401,   401], (c) => api(`/api/analytics/stories/${fx.published.id}`, { token: c.token })),
  row('GET /api/analytics/stories/:id (draft)',         [401,  200,   404,  200,  401,   401], (c) => api(`/api/analytics/stories/${fx.draft.id}`, { token: c.token })),
  row('GET /api/analytics/stories/:id/streams',         [401,  200,   404,  200,  401,   401], (c) => api(`/api/analytics/stories/${fx.published.id}/streams`, { token: c.token })),
  row('GET /api/analytics/counters',                    [401,  403,   403,  200,  401,   401], (c) => api('/api/analytics/counters', { token: c.token })),
  row('GET /api/analytics/streams/:id (the author’s)',  [401,  200,   404,  200,  401,   401], async (c) => api(`/api/analytics/streams/${await authorStream()}`, { token: c.token })),
  // Sign-in security (docs/product/api-sign-in-security.md).
  row('POST /api/auth/login/2fa',                       [200,  200,   200,  200,  200,   200], async (c) => { const challenge = await passwordStep(fx.totpHolder.user.username, fx.totpHolder.password); return api('/api/auth/login/2fa', { method: 'POST', token: c.token, json: { challenge, code: fx.totpHolder.recoveryCodes.pop() } }); }),
  row('PUT /api/auth/password',                         [401,  204,   204,  204,  401,   401], (c) => api('/api/auth/password', { method: 'PUT', token: c.token, json: { currentPassword: c.password ?? 'not-a-password', newPassword: c.password ?? 'not-a-password' } })),
  row('GET /api/auth/2fa',                              [401,  200,   200,  200,  401,   401], (c) => api('/api/auth/2fa', { token: c.token })),
  row('POST /api/auth/2fa/totp/setup',                  [401,  200,   200,  200,  401,   401], (c) => withOwnTotp(c, () => api('/api/auth/2fa/totp/setup', { method: 'POST', token: c.token, json: { password: c.password ?? 'not-a-password' } }))),
  row('POST /api/auth/2fa/totp/confirm',                [401,  200,   200,  200,  401,   401], (c) => withOwnTotp(c, (secret) => api('/api/auth/2fa/totp/confirm', { method: 'POST', token: c.token, json: { code: secret ? codeOf(secret) : '123456' } }))),
  row('DELETE /api/auth/2fa/totp',                      [401,  204,   204,  204,  401,   401], (c) => withOwnTotp(c, async (secret) => { if (secret) await api('/api/auth/2fa/totp/confirm', { method: 'POST', token: c.token, json: { code: codeOf(secret) } }); return api('/api/auth/2fa/totp', { method: 'DELETE', token: c.token, json: { password: c.password ?? 'not-a-password' } }); })),
  row('POST /api/auth/passkeys/register/options',       [401,  200,   200,  200,  401,   401], (c) => api('/api/auth/passkeys/register/options', { method: 'POST', token: c.token, json: { password: c.password ?? 'not-a-password' } })),
  row('POST /api/auth/passkeys/register',               [401,  201,   201,  201,  401,   401], async (c) => { const options = c.password ? (await api('/api/auth/passkeys/register/options', { method: 'POST', token: c.token, json: { password: c.password } })).body : { challenge: 'x', rp: {}, user: { id: 'x' } }; const res = await api('/api/auth/passkeys/register', { method: 'POST', token: c.token, json: { response: await (await SoftAuthenticator.create()).register(options, ORIGIN), name: 'Matrix' } }); if (res.status === 201) await api(`/api/auth/passkeys/${res.body.id}`, { method: 'DELETE', token: c.token, json: { password: c.password } }); return res; }),
  row('POST /api/auth/passkeys/login/options',          [200,  200,   200,  200,  200,   200], (c) => api('/api/auth/passkeys/login/options', { method: 'POST', token: c.token })),
  row('POST /api/auth/passkeys/login',                  [200,  200,   200,  200,  200,   200], async (c) => { const options = await api('/api/auth/passkeys/login/options', { method: 'POST' }); return api('/api/auth/passkeys/login', { method: 'POST', token: c.token, json: { response: await fx.keyholder.signIn(options.body, ORIGIN) } }); }),
  row('PATCH /api/auth/passkeys/:id (the author’s)',    [401,  200,   404,  404,  401,   401], (c) => withAuthorPasskey((id) => api(`/api/auth/passkeys/${id}`, { method: 'PATCH', token: c.token, json: { name: unique('Key ') } }))),
  row('DELETE /api/auth/passkeys/:id (the author’s)',   [401,  204,   404,  404,  401,   401], (c) => withAuthorPasskey((id) => api(`/api/auth/passkeys/${id}`, { method: 'DELETE', token: c.token, json: { password: c.password ?? 'not-a-password' } }))),
  row('GET /api/auth/sessions',                         [401,  200,   200,  200,  401,   401], (c) => api('/api/auth/sessions', { token: c.token })),
  row('DELETE /api/auth/sessions',                      [401,  200,   200,  200,  401,   401], (c) => api('/api/auth/sessions', { method: 'DELETE', token: c.token })),
  row('DELETE /api/auth/sessions/:id (the author’s)',   [401,  204,   404,  404,  401,   401], async (c) => { const token = await login(fx.author.user.username, fx.author.password); const id = (await api('/api/auth/sessions', { token })).body.find((s: { current: boolean }) => s.current).id; return api(`/api/auth/sessions/${id}`, { method: 'DELETE', token: c.token }); }),
  row('GET /api/settings/security',                     [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/security', { token: c.token })),
  row('PUT /api/settings/security',                     [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/security', { method: 'PUT', token: c.token, json: { requireTwoFactor: 'none' } })),
  row('POST /api/auth/password-reset/request',          [202,  202,   202,  202,  202,   202], (c) => api('/api/auth/password-reset/request', { method: 'POST', token: c.token, json: { emailOrUsername: unique('nobody') } })),
  row('POST /api/users/:id/password-reset',             [401,  403,   403,  200,  401,   401], async (c) => api(`/api/users/${(await spareReporter()).id}/password-reset`, { method: 'POST', token: c.token, json: {} })),
  row('POST /api/auth/password-reset',                  [204,  204,   204,  204,  204,   204], async (c) => { const link = await api(`/api/users/${(await spareReporter()).id}/password-reset`, { method: 'POST', token: fx.admin.token, json: {} }); return api('/api/auth/password-reset', { method: 'POST', token: c.token, json: { token: new URL(link.body.resetUrl).hash.slice(7), password: 'matrix-password' } }); }),
  row('GET /api/audit',                                 [401,  403,   403,  200,  401,   401], (c) => api('/api/audit', { token: c.token })),
  // Live blogs: any reporter posts to a published one; an update is changed by its author or an admin (403 for another reporter who can see it, 404 for one who cannot).
  row('GET /api/stories/:id/updates (published)',       [200,  200,   200,  200,  200,   200], async (c) => api(`/api/stories/${(await freshLiveBlog('published')).id}/updates`, { token: c.token })),
  row('GET /api/stories/:id/updates (draft)',           [404,  200,   404,  200,  404,   404], async (c) => api(`/api/stories/${(await freshLiveBlog('draft')).id}/updates`, { token: c.token })),
  row('POST /api/stories/:id/updates (published)',      [401,  201,   201,  201,  401,   401], async (c) => api(`/api/stories/${(await freshLiveBlog('published')).id}/updates`, { method: 'POST', token: c.token, json: { body: '<p>Update</p>' } })),
  row('POST /api/stories/:id/updates (draft)',          [401,  201,   404,  201,  401,   401], async (c) => api(`/api/stories/${(await freshLiveBlog('draft')).id}/updates`, { method: 'POST', token: c.token, json: { body: '<p>Update</p>' } })),
  row('PUT /api/stories/:id/updates/:updateId (published)', [401, 200, 403, 200,  401,   401], async (c) => { const { story, updateId } = await freshUpdate('published'); return api(`/api/stories/${story.id}/updates/${updateId}`, { method: 'PUT', token: c.token, json: { body: '<p>Edited</p>', version: 1 } }); }),
  row('PUT /api/stories/:id/updates/:updateId (draft)', [401,  200,   404,  200,  401,   401], async (c) => { const { story, updateId } = await freshUpdate('draft'); return api(`/api/stories/${story.id}/updates/${updateId}`, { method: 'PUT', token: c.token, json: { body: '<p>Edited</p>', version: 1 } }); }),
  row('DELETE /api/stories/:id/updates/:updateId (published)', [401, 204, 403, 204, 401, 401], async (c) => { const { story, updateId } = await freshUpdate('published'); return api(`/api/stories/${story.id}/updates/${updateId}`, { method: 'DELETE', token: c.token }); }),
  row('DELETE /api/stories/:id/updates/:updateId (draft)', [401, 204,  404,  204,  401,   401], async (c) => { const { story, updateId } = await freshUpdate('draft'); return api(`/api/stories/${story.id}/updates/${updateId}`, { method: 'DELETE', token: c.token }); }),
  row('POST /api/stories/:id/coverage (published)',     [401,  200,   403,  200,  401,   401], async (c) => api(`/api/stories/${(await freshLiveBlog('published')).id}/coverage`, { method: 'POST', token: c.token, json: { coverage: 'ended' } })),
  row('POST /api/stories/:id/coverage (draft)',         [401,  200,   404,  200,  401,   401], async (c) => api(`/api/stories/${(await freshLiveBlog('draft')).id}/coverage`, { method: 'POST', token: c.token, json: { coverage: 'ended' } })),
  // The reader's event stream is for published live blogs, whoever asks (no session work: staff read drafts from the feed).
  row('GET /api/stories/:id/updates/stream (published)', [200, 200,   200,  200,  200,   200], async (c) => streamHead((await freshLiveBlog('published')).id, c.token)),
  row('GET /api/stories/:id/updates/stream (draft)',    [404,  404,   404,  404,  404,   404], async (c) => streamHead((await freshLiveBlog('draft')).id, c.token)),
  // Readers are not staff (docs/product/api-readers.md): anyone may ask for a link, and no staff token is ever a reader's session.
  row('POST /api/readers/signin',                       [202,  202,   202,  202,  202,   202], (c) => api('/api/readers/signin', { method: 'POST', token: c.token, json: { email: `${unique('matrix')}@readers.test` } })),
  row('POST /api/readers/session',                      [400,  400,   400,  400,  400,   400], (c) => api('/api/readers/session', { method: 'POST', token: c.token, json: { token: 'x'.repeat(43) } })),
  row('POST /api/readers/session/check',                [400,  400,   400,  400,  400,   400], (c) => api('/api/readers/session/check', { method: 'POST', token: c.token, json: { token: 'x'.repeat(43) } })),
  row('GET /api/readers/me',                            [401,  401,   401,  401,  401,   401], (c) => api('/api/readers/me', { token: c.token })),
  row('PUT /api/readers/me',                            [401,  401,   401,  401,  401,   401], (c) => api('/api/readers/me', { method: 'PUT', token: c.token, json: { name: 'Staff' } })),
  row('GET /api/readers/me/export',                     [401,  401,   401,  401,  401,   401], (c) => api('/api/readers/me/export', { token: c.token })),
  row('POST /api/readers/signout',                      [401,  401,   401,  401,  401,   401], (c) => api('/api/readers/signout', { method: 'POST', token: c.token, json: {} })),
  row('DELETE /api/readers/me',                         [401,  401,   401,  401,  401,   401], (c) => api('/api/readers/me', { method: 'DELETE', token: c.token, json: {} })),
  row('PUT /api/readers/me/newsletters',                [401,  401,   401,  401,  401,   401], (c) => api('/api/readers/me/newsletters', { method: 'PUT', token: c.token, json: { newsletters: [] } })),
  // Newsletters (docs/product/api-readers.md): lists and subscribing are anyone's; managing them is the admin's; a send is the story's author's or an admin's.
  row('GET /api/newsletters',                           [200,  200,   200,  200,  200,   200], (c) => api('/api/newsletters', { token: c.token })),
  row('POST /api/newsletters',                          [401,  403,   403,  201,  401,   401], (c) => api('/api/newsletters', { method: 'POST', token: c.token, json: { name: unique('Letter ') } })),
  row('PUT /api/newsletters/:id',                       [401,  403,   403,  200,  401,   401], async (c) => api(`/api/newsletters/${(await newsletter()).id}`, { method: 'PUT', token: c.token, json: { description: unique('About ') } })),
  row('POST /api/newsletters/:slug/subscribe',          [202,  202,   202,  202,  202,   202], async (c) => api(`/api/newsletters/${(await newsletter()).slug}/subscribe`, { method: 'POST', token: c.token, json: { email: `${unique('matrix')}@readers.test` } })),
  row('POST /api/newsletters/confirm',                  [400,  400,   400,  400,  400,   400], (c) => api('/api/newsletters/confirm', { method: 'POST', token: c.token, json: { token: 'x'.repeat(43) } })),
  row('GET /api/newsletters/unsubscribe (its page)',   [200,  200,   200,  200,  200,   200], async (c) => { const link = new URL(await unsubscribeUrl(deps, 'http://newsroom.test', 1, null)); return api(`${link.pathname}${link.search}`, { token: c.token }); }),
  row('POST /api/newsletters/unsubscribe',              [400,  400,   400,  400,  400,   400], (c) => api('/api/newsletters/unsubscribe?token=x.y', { method: 'POST', token: c.token, body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })),
  row('POST /api/newsletters/events',                   [401,  401,   401,  401,  401,   401], (c) => api('/api/newsletters/events', { method: 'POST', token: c.token, json: { RecordType: 'Bounce', Type: 'HardBounce', Email: 'x@readers.test' } })),
  row('GET /api/newsletters/:id/subscribers',           [401,  403,   403,  200,  401,   401], async (c) => api(`/api/newsletters/${(await newsletter()).id}/subscribers`, { token: c.token })),
  row('POST /api/newsletters/:id/subscribers/import',   [401,  403,   403,  200,  401,   401], async (c) => api(`/api/newsletters/${(await newsletter()).id}/subscribers/import?consent=true`, { method: 'POST', token: c.token, body: `email\n${unique('imported')}@readers.test\n`, headers: { 'Content-Type': 'text/csv' } })),
  row('GET /api/newsletters/:id/sends',                 [401,  200,   200,  200,  401,   401], async (c) => api(`/api/newsletters/${(await newsletter()).id}/sends`, { token: c.token })),
  row('POST /api/stories/:id/send',                     [401,  202,   404,  202,  401,   401], async (c) => { const story = await freshStory('published'); return api(`/api/stories/${story.id}/send`, { method: 'POST', token: c.token, json: { newsletter: (await newsletter()).slug } }); }),
  row('GET /api/stories/:id/newsletter-preview',        [401,  200,   404,  200,  401,   401], async (c) => { const story = await freshStory('published'); return api(`/api/stories/${story.id}/newsletter-preview?newsletter=${(await newsletter()).slug}`, { token: c.token }); }),
  row('GET /api/sends/:id',                             [401,  200,   404,  200,  401,   401], async (c) => api(`/api/sends/${await authorSend()}`, { token: c.token })),
  row('GET /api/settings/newsletters',                  [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/newsletters', { token: c.token })),
  row('PUT /api/settings/newsletters',                  [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/newsletters', { method: 'PUT', token: c.token, json: { postalAddress: '1 Press Row, Springfield' } })),
  // Breaking-news alerts (docs/product/api-alerts.md): any browser subscribes; a story's author or an admin sends; staff read.
  row('GET /api/push/key',                              [200,  200,   200,  200,  200,   200], (c) => api('/api/push/key', { token: c.token })),
  row('POST /api/push/subscriptions',                   [201,  201,   201,  201,  201,   201], async (c) => api('/api/push/subscriptions', { method: 'POST', token: c.token, json: subscribeBody(await receiverSubscription()) })),
  row('DELETE /api/push/subscriptions',                 [204,  204,   204,  204,  204,   204], async (c) => api('/api/push/subscriptions', { method: 'DELETE', token: c.token, json: { endpoint: (await receiverSubscription()).endpoint } })),
  row('POST /api/stories/:id/alert (published)',        [401,  202,   403,  202,  401,   401], async (c) => api(`/api/stories/${(await alertable('published')).id}/alert`, { method: 'POST', token: c.token, json: { topic: 'breaking' } })),
  row('POST /api/stories/:id/alert (draft)',            [401,  409,   404,  409,  401,   401], async (c) => api(`/api/stories/${(await alertable('draft')).id}/alert`, { method: 'POST', token: c.token, json: { topic: 'breaking' } })),
  row('GET /api/stories/:id/alerts (published)',        [401,  200,   403,  200,  401,   401], (c) => api(`/api/stories/${fx.published.id}/alerts`, { token: c.token })),
  row('GET /api/stories/:id/alerts (draft)',            [401,  200,   404,  200,  401,   401], (c) => api(`/api/stories/${fx.draft.id}/alerts`, { token: c.token })),
  // Captions (docs/product/api-captions.md): read as the story is; changed by its author or an admin.
  row('GET /api/stories/:id/captions (published)',      [200,  200,   200,  200,  200,   200], async (c) => api(await captionPath('published'), { token: c.token })),
  row('GET /api/stories/:id/captions (draft)',          [404,  200,   404,  200,  404,   404], async (c) => api(await captionPath('draft'), { token: c.token })),
  row('GET /api/stories/:id/captions/:file{[0-9a-f-]{36}\\.vtt} (published)', [200, 200, 200, 200, 200, 200], async (c) => api(await captionPath('published', '/{track}.vtt'), { token: c.token })),
  row('GET /api/stories/:id/captions/:file{[0-9a-f-]{36}\\.vtt} (draft)', [404, 200, 404, 200, 404, 404], async (c) => api(await captionPath('draft', '/{track}.vtt'), { token: c.token })),
  row('GET /api/stories/:id/captions/:trackId',         [200,  200,   200,  200,  200,   200], async (c) => api(await captionPath('published', '/{track}'), { token: c.token })),
  row('POST /api/stories/:id/captions',                 [401,  201,   403,  201,  401,   401], async (c) => { const { story, upload } = await captioned('published'); return api(`/api/stories/${story.id}/captions`, { method: 'POST', token: c.token, body: upload.body, headers: { 'Content-Type': upload.contentType } }); }),
  row('POST /api/stories/:id/captions/generate',        [401,  202,   403,  202,  401,   401], async (c) => api(await captionPath('published', '/generate'), { method: 'POST', token: c.token })),
  row('PUT /api/stories/:id/captions/:trackId',         [401,  200,   403,  200,  401,   401], async (c) => api(await captionPath('published', '/{track}'), { method: 'PUT', token: c.token, json: { cues: [{ start: 1, end: 2, text: 'Good evening!' }], version: 1 } })),
  row('DELETE /api/stories/:id/captions/:trackId',      [401,  204,   403,  204,  401,   401], async (c) => api(await captionPath('published', '/{track}'), { method: 'DELETE', token: c.token })),
  row('GET /api/alerts/:id',                            [401,  200,   200,  200,  401,   401], async (c) => api(`/api/alerts/${await sentAlert()}`, { token: c.token })),
  row('GET /api/settings/alerts',                       [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/alerts', { token: c.token })),
  row('PUT /api/settings/alerts',                       [401,  403,   403,  200,  401,   401], (c) => api('/api/settings/alerts', { method: 'PUT', token: c.token, json: { contactEmail: ALERTS_CONTACT } })),
  // Members (docs/product/api.md, "Members and reader revenue"): tiers are anyone's to see and the admin's to set; Checkout and
  // the portal need a reader's session (no staff token is one); anyone may give; Stripe's webhook needs Stripe's signature.
  row('GET /api/members/tiers',                         [200,  200,   200,  200,  200,   200], (c) => api('/api/members/tiers', { token: c.token })),
  row('POST /api/members/tiers',                        [401,  403,   403,  201,  401,   401], (c) => api('/api/members/tiers', { method: 'POST', token: c.token, json: { ...TIER_BODY, name: 'Matrix tier, posted' } })),
  row('PUT /api/members/tiers/:id',                     [401,  403,   403,  200,  401,   401], async (c) => api(`/api/members/tiers/${await memberTier()}`, { method: 'PUT', token: c.token, json: { description: 'Changed' } })),
  row('POST /api/members/checkout',                     [401,  401,   401,  401,  401,   401], async (c) => api('/api/members/checkout', { method: 'POST', token: c.token, json: { tierId: await memberTier(), interval: 'month' } })),
  row('POST /api/members/donate',                       [200,  200,   200,  200,  200,   200], (c) => api('/api/members/donate', { method: 'POST', token: c.token, json: { amount: 500, currency: 'usd' } })),
  row('POST /api/members/portal',                       [401,  401,   401,  401,  401,   401], (c) => api('/api/members/portal', { method: 'POST', token: c.token, json: {} })),
  row('POST /api/stripe/webhook',                       [400,  400,   400,  400,  400,   400], (c) => api('/api/stripe/webhook', { method: 'POST', token: c.token, json: { id: 'evt_1', type: 'invoice.paid' } })),
  row('GET /api/members',                               [401,  403,   403,  200,  401,   401], (c) => api('/api/members', { token: c.token })),
  row('GET /api/members/figures',                       [401,  403,   403,  200,  401,   401], (c) => api('/api/members/figures', { token: c.token })),
  row('GET /api/members/:id',                           [401,  403,   403,  200,  401,   401], async (c) => api(`/api/members/${await memberReader()}`, { token: c.token })),
  row('PUT /api/members/:id',                           [401,  403,   403,  200,  401,   401], async (c) => api(`/api/members/${await memberReader()}`, { method: 'PUT', token: c.token, json: { comped: false } })),
  // The benchmark's D1 counter answers only on a server started with COUNT_D1_QUERIES=1.
  row('GET /api/health/d1',                             [404,  404,   404,  404,  404,   404], (c) => api('/api/health/d1', { token: c.token })),
];

/** The tests' requests go to http://newsroom.test: passkeys are made for that host. */
const ORIGIN = 'http://newsroom.test';

async function addPasskey(token: string, password: string) {
  const authenticator = await SoftAuthenticator.create();
  const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
  const res = await api('/api/auth/passkeys/register', {
    method: 'POST',
    token,
    json: { response: await authenticator.register(options.body, ORIGIN), name: 'Key' },
  });
  expect(res.status, res.text).toBe(201);
  return { authenticator, passkey: res.body as { id: number } };
}

/** A passkey of the author's for a row that names or removes one; the row removes it again if the call did not. */
async function withAuthorPasskey(send: (id: number) => Promise<ApiResponse>): Promise<ApiResponse> {
  const author = fx.callers.author;
  const { passkey } = await addPasskey(author.token!, author.password!);
  const res = await send(passkey.id);
  await api(`/api/auth/passkeys/${passkey.id}`, { method: 'DELETE', token: author.token, json: { password: author.password } });
  return res;
}

/** Sets TOTP up for a signed-in caller, then runs `send`; leaves the caller without TOTP again, so later rows sign in by password. */
async function withOwnTotp(c: Caller, send: (secret: string | null) => Promise<ApiResponse>): Promise<ApiResponse> {
  if (c.password === null) return send(null);
  const setup = await api('/api/auth/2fa/totp/setup', { method: 'POST', token: c.token, json: { password: c.password } });
  const res = await send(setup.body.secret);
  await api('/api/auth/2fa/totp', { method: 'DELETE', token: c.token, json: { password: c.password } });
  return res;
}

const ERROR_CODE: Record<number, string> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'not_published' };

const cases = MATRIX.flatMap(({ call, expected, send }) =>
  ACTORS.map((actor, column) => ({ call, actor, status: expected[column]!, send })),
);

beforeAll(async () => {
  const admin = await signUp('admin');
  const author = await signUp('reporter', { firstName: 'Ada', lastName: 'Lovelace' });
  const otherReporter = await signUp('reporter');
  const desk = await signUp('reporter');

  const leaver = await signUp('reporter');
  await deleteUser(admin.token, leaver.user.id);

  const loggedOut = await login(author.user.username, author.password);
  expect((await api('/api/auth/logout', { method: 'POST', token: loggedOut })).status).toBe(204);

  const signedIn = (token: string, username: string, password: string): Caller => ({
    token,
    password,
    freshToken: () => login(username, password),
  });
  const dead = (token: string | null): Caller => ({ token, password: null, freshToken: async () => token });

  // Someone who signs in with TOTP (by recovery code: one per call) and someone with a passkey.
  const totpHolder = await signUp('reporter');
  const { recoveryCodes } = await enableTotp(totpHolder.token, totpHolder.password);
  const keyholder = await signUp('reporter');
  const keyholderKey = (await addPasskey(keyholder.token, keyholder.password)).authenticator;

  const listed: Record<ListedStory, Story> = {
    authorPublished: await createStory(author.token, { status: 'published' }),
    authorDraft: await createStory(author.token, { status: 'draft' }),
    authorArchived: await createStory(author.token, { status: 'archived' }),
    authorInReview: await createStory(author.token, { status: 'in_review' }),
    authorScheduled: await createStory(author.token, { status: 'scheduled', publishAt: inAnHour() }),
    authorDeleted: await createStory(author.token, { status: 'published' }),
    otherPublished: await createStory(otherReporter.token, { status: 'published' }),
    otherDraft: await createStory(otherReporter.token, { status: 'draft' }),
    adminDraft: await createStory(admin.token, { status: 'draft' }),
  };
  expect((await api(`/api/stories/${listed.authorDeleted.id}`, { method: 'DELETE', token: author.token })).status).toBe(204);

  fx = {
    admin,
    author,
    desk,
    totpHolder: { ...totpHolder, recoveryCodes },
    keyholder: keyholderKey,
    published: listed.authorPublished,
    draft: listed.authorDraft,
    archived: listed.authorArchived,
    inReview: listed.authorInReview,
    scheduled: listed.authorScheduled,
    listed,
    callers: {
      anonymous: dead(null),
      author: signedIn(author.token, author.user.username, author.password),
      otherReporter: signedIn(otherReporter.token, otherReporter.user.username, otherReporter.password),
      admin: signedIn(admin.token, admin.user.username, admin.password),
      deactivated: dead(leaver.token),
      loggedOut: dead(loggedOut),
    },
  };
  // Signs up six people and publishes stories: slow on a loaded machine.
}, 240_000);

/** Which stories each caller gets from GET /api/stories (newest first); deleted stories are never listed. */
// prettier-ignore
const LIST_VISIBILITY: { query: (fx: Fixtures) => string; name: string; sees: Record<ActorName, ListedStory[]> }[] = [
  {
    name: '(no filter)', query: () => '',
    sees: {
      anonymous:     ['authorPublished', 'otherPublished'],
      author:        ['authorPublished', 'authorDraft', 'authorArchived', 'authorInReview', 'authorScheduled', 'otherPublished'],
      otherReporter: ['authorPublished', 'otherPublished', 'otherDraft'],
      admin:         ['authorPublished', 'authorDraft', 'authorArchived', 'authorInReview', 'authorScheduled', 'otherPublished', 'otherDraft', 'adminDraft'],
      deactivated:   ['authorPublished', 'otherPublished'],
      loggedOut:     ['authorPublished', 'otherPublished'],
    },
  },
  {
    name: 'status=published', query: () => 'status=published',
    sees: {
      anonymous: ['authorPublished', 'otherPublished'], author: ['authorPublished', 'otherPublished'],
      otherReporter: ['authorPublished', 'otherPublished'], admin: ['authorPublished', 'otherPublished'],
      deactivated: ['authorPublished', 'otherPublished'], loggedOut: ['authorPublished', 'otherPublished'],
    },
  },
  {
    name: 'status=draft', query: () => 'status=draft',
    sees: {
      anonymous: [], author: ['authorDraft'], otherReporter: ['otherDraft'],
      admin: ['authorDraft', 'otherDraft', 'adminDraft'], deactivated: [], loggedOut: [],
    },
  },
  {
    name: 'status=archived', query: () => 'status=archived',
    sees: { anonymous: [], author: ['authorArchived'], otherReporter: [], admin: ['authorArchived'], deactivated: [], loggedOut: [] },
  },
  {
    name: 'status=in_review', query: () => 'status=in_review',
    sees: { anonymous: [], author: ['authorInReview'], otherReporter: [], admin: ['authorInReview'], deactivated: [], loggedOut: [] },
  },
  {
    name: 'status=scheduled', query: () => 'status=scheduled',
    sees: { anonymous: [], author: ['authorScheduled'], otherReporter: [], admin: ['authorScheduled'], deactivated: [], loggedOut: [] },
  },
  {
    name: 'authorId=author', query: (f) => `authorId=${f.author.user.id}`,
    sees: {
      anonymous: ['authorPublished'], author: ['authorPublished', 'authorDraft', 'authorArchived', 'authorInReview', 'authorScheduled'],
      otherReporter: ['authorPublished'], admin: ['authorPublished', 'authorDraft', 'authorArchived', 'authorInReview', 'authorScheduled'],
      deactivated: ['authorPublished'], loggedOut: ['authorPublished'],
    },
  },
  {
    name: 'authorId=author&status=draft', query: (f) => `authorId=${f.author.user.id}&status=draft`,
    sees: { anonymous: [], author: ['authorDraft'], otherReporter: [], admin: ['authorDraft'], deactivated: [], loggedOut: [] },
  },
];

const visibilityCases = LIST_VISIBILITY.flatMap(({ name, query, sees }) =>
  ACTORS.map((actor) => ({ name, query, actor, expected: sees[actor] })),
);

// Runs before the matrix below, which adds stories of its own.
describe('story list visibility', () => {
  it.each(visibilityCases)('GET /api/stories?$name as $actor', async ({ query, actor, expected }) => {
    const res = await api<Story[]>(`/api/stories?${query(fx)}`, { token: fx.callers[actor].token });
    expect(res.status).toBe(200);
    const names = new Map(Object.entries(fx.listed).map(([name, story]) => [story.id, name]));
    const newestFirst = expected.map((name) => fx.listed[name].id).sort((a, b) => b - a);
    expect(res.body.map((story) => names.get(story.id) ?? story.id)).toEqual(newestFirst.map((id) => names.get(id)));
    expect(res.headers.get('X-Total-Count')).toBe(String(expected.length));
  });
});

describe('authorisation matrix', () => {
  it.each(cases)('$call as $actor -> $status', async ({ actor, status, send }) => {
    const res = await send(fx.callers[actor]);
    if (status >= 400) {
      expectError(res, status, ERROR_CODE[status]);
    } else {
      expect(res.status, res.text).toBe(status);
    }
  });

  it('has a row for every route the API serves', () => {
    const served = createApp(deps)
      .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`);
    const covered = new Set(MATRIX.map((r) => r.call.split(' (')[0]!.split('?')[0]));
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !covered.has(route))).toEqual([]);
  });

  it('left the author’s own session working after its second session logged out', async () => {
    expect((await api('/api/auth/me', { token: fx.callers.author.token })).status).toBe(200);
    expect((await api('/api/auth/me', { token: fx.callers.loggedOut.token })).status).toBe(401);
  });
});
