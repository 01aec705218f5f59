import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createStory, deps, signUp } from './support/api.ts';
import { deliverJobMessages, runQueuedJobs } from './support/jobs.ts';
import { endStaleAlerts, forgetOldRecipients } from '../../src/services/alerts/end-stale-alerts.ts';
import { receivedPushes, receiverSubscription, subscribeBody } from './support/push.ts';

/**
 * Sending a breaking-news alert (docs/product/api-alerts.md) end to end inside workerd: the alert and
 * its audience in D1, the fan-out's jobs run through the worker's own queue handler, each push
 * encrypted and signed by the worker and read by the push receiver (http_ece, Node's crypto).
 */
const CONTACT = 'desk@newsroom.example.org';

let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
let politics: { id: number; slug: string };

beforeAll(async () => {
  admin = await signUp('admin');
  author = await signUp('reporter');
  politics = await deps.beats.create({ name: 'Politics', slug: 'politics', description: null }, deps.clock.now());
  const set = await api('/api/settings/alerts', { method: 'PUT', token: admin.token, json: { contactEmail: CONTACT } });
  expect(set.status).toBe(200);
});

async function subscribed(topics: string[], options: Parameters<typeof receiverSubscription>[0] = {}) {
  const subscription = await receiverSubscription(options);
  const res = await api('/api/push/subscriptions', { method: 'POST', json: subscribeBody(subscription, topics) });
  expect(res.status).toBe(201);
  return { ...subscription, serverId: res.body.id as number };
}

const alertOf = async (id: number) => (await api(`/api/alerts/${id}`, { token: author.token })).body;
const subscriptionCount = (endpoint: string) =>
  env.DB.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(endpoint).first('n');

/** Makes the alert's waiting batch jobs due now, as if their backoff had passed. */
const letRetriesCome = () =>
  env.DB.prepare("UPDATE jobs SET run_after = ? WHERE kind = 'alert.batch' AND state = 'pending'").bind(new Date().toISOString()).run();

describe('POST /api/stories/{id}/alert', () => {
  it('pushes the story to every subscription on the topic once: encrypted, urgent, with a Topic; 410 removes, 429 is tried again', async () => {
    const story = await createStory(author.token, {
      title: 'Levee breach on the east bank',
      description: 'Residents of Riverside are told to leave now.',
      status: 'published',
      beatId: politics.id,
    });
    const readers = await Promise.all([
      subscribed(['breaking']),
      subscribed(['breaking', `beat:${politics.slug}`]),
      subscribed(['breaking']),
    ]);
    const gone = await subscribed(['breaking'], { answer: 'gone' });
    const busy = await subscribed(['breaking'], { failFirst: [429] });
    const beatOnly = await subscribed([`beat:${politics.slug}`]);

    const sent = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({
      id: expect.any(Number),
      storyId: story.id,
      topic: 'breaking',
      state: 'queued',
      recipients: 0,
      delivered: 0,
      failed: 0,
      removed: 0,
      createdAt: expect.any(String),
      finishedAt: null,
    });
    // A reader who subscribes after the alert started is not in its audience.
    const late = await subscribed(['breaking']);

    await runQueuedJobs();
    expect(await alertOf(sent.body.id)).toMatchObject({ state: 'sending', recipients: 5, delivered: 3, removed: 1, failed: 0 });
    await letRetriesCome();
    await runQueuedJobs();
    const done = await alertOf(sent.body.id);
    expect(done).toMatchObject({ state: 'sent', recipients: 5, delivered: 4, removed: 1, failed: 0, finishedAt: expect.any(String) });

    const expected = {
      title: 'Levee breach on the east bank',
      body: 'Residents of Riverside are told to leave now.',
      url: `http://newsroom.test/story/${story.slug}`,
      icon: 'http://newsroom.test/icons/icon-192.png',
      tag: `story-${story.id}`,
    };
    for (const reader of [...readers, busy]) {
      const pushes = await receivedPushes(reader);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]).toMatchObject({
        payload: expected,
        urgency: 'high',
        topic: 'breaking',
        ttl: 4 * 3600,
        contentEncoding: 'aes128gcm',
      });
      expect(pushes[0]!.vapid.sub).toBe(`mailto:${CONTACT}`);
    }
    expect(await receivedPushes(beatOnly)).toEqual([]);
    expect(await receivedPushes(late)).toEqual([]);
    // The push service said 410: the subscription and its topics are gone.
    expect(await subscriptionCount(gone.endpoint)).toBe(0);
    expect(await subscriptionCount(busy.endpoint)).toBe(1);

    // Messages that come again (a queue delivers at least once) push nothing twice.
    await env.DB.prepare("UPDATE jobs SET state = 'pending', run_after = ? WHERE kind LIKE 'alert.%'").bind(new Date().toISOString()).run();
    await runQueuedJobs();
    for (const reader of [...readers, busy]) expect(await receivedPushes(reader)).toHaveLength(1);
    expect(await alertOf(sent.body.id)).toEqual(done);

    // The same story on another topic is another alert: the beat's readers get it, tagged the same.
    const onBeat = await api(`/api/stories/${story.id}/alert`, {
      method: 'POST',
      token: author.token,
      json: { topic: `beat:${politics.slug}`, title: 'Politics: levee vote tonight', body: '' },
    });
    expect(onBeat.status).toBe(202);
    await runQueuedJobs();
    expect(await alertOf(onBeat.body.id)).toMatchObject({ topic: 'beat:politics', state: 'sent', recipients: 2, delivered: 2 });
    const [beatPush] = await receivedPushes(beatOnly);
    expect(beatPush).toMatchObject({ topic: `beat-${politics.id}`, payload: { ...expected, title: 'Politics: levee vote tonight' } });

    const list = await api(`/api/stories/${story.id}/alerts`, { token: author.token });
    expect(list.body.map((alert: { id: number }) => alert.id)).toEqual([onBeat.body.id, sent.body.id]);
    const audit = await env.DB.prepare(
      "SELECT actor_id, target_id, detail FROM audit_log WHERE action = 'story.alert_sent' AND target_id = ?",
    )
      .bind(story.id)
      .all();
    expect(audit.results).toHaveLength(2);
  });

  it('removes a subscription whose push service refused it (400, 401, 403, 413...) three alerts running; a delivery in between starts the count again', async () => {
    const refusing = await subscribed(['breaking'], { failFirst: [403, 403, 403] });
    const recovering = await subscribed(['breaking'], { failFirst: [400, 400] });
    const alerts = [];
    for (let round = 1; round <= 3; round++) {
      const story = await createStory(author.token, { status: 'published', title: `Refused push, round ${round}` });
      const sent = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
      expect(sent.status).toBe(202);
      await runQueuedJobs();
      alerts.push(await alertOf(sent.body.id));
      expect(await subscriptionCount(refusing.endpoint), `after round ${round}`).toBe(round < 3 ? 1 : 0);
    }
    expect(alerts.map((alert) => alert.state)).toEqual(['sent', 'sent', 'sent']);
    // The third refusal removed it: counted as removed, not failed.
    expect(alerts[2]).toMatchObject({ removed: 1 });
    // 400, 400, delivered: never three refusals running, so it stays, its count started again.
    expect(await subscriptionCount(recovering.endpoint)).toBe(1);
    expect(await receivedPushes(recovering)).toHaveLength(1);
    expect(
      await env.DB.prepare('SELECT refusals FROM push_subscriptions WHERE endpoint = ?').bind(recovering.endpoint).first('refusals'),
    ).toBe(0);
  }, 90_000);

  it('is 409 already_alerted for the same story and topic, naming the alert sent', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const first = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
    const again = await api(`/api/stories/${story.id}/alert`, {
      method: 'POST',
      token: admin.token,
      json: { topic: 'breaking', title: 'Other' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'already_alerted', alertId: first.body.id });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM push_alerts WHERE story_id = ?').bind(story.id).first('n')).toBe(1);
  });

  it('shortens a long title and description to fit a lock screen', async () => {
    const story = await createStory(author.token, {
      status: 'published',
      title: `${'Council '.repeat(30)}votes`,
      description: 'word '.repeat(100),
    });
    const sent = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
    const row = await env.DB.prepare('SELECT title, body FROM push_alerts WHERE id = ?')
      .bind(sent.body.id)
      .first<{ title: string; body: string }>();
    expect(row!.title.length).toBeLessThanOrEqual(150);
    expect(row!.title).toMatch(/^Council Council .*Council…$/);
    expect(row!.body.length).toBeLessThanOrEqual(300);
    expect(row!.body.endsWith('word…')).toBe(true);
  });

  it('skips a reader who turned alerts off after the alert started, and counts them as removed', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const staying = await subscribed(['breaking']);
    const leaving = await subscribed(['breaking']);
    const sent = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
    await api('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: leaving.endpoint } });
    await runQueuedJobs();
    const alert = await alertOf(sent.body.id);
    expect(alert.state).toBe('sent');
    expect(alert.delivered + alert.removed).toBe(alert.recipients);
    expect(await receivedPushes(leaving)).toEqual([]);
    expect(await receivedPushes(staying)).toHaveLength(1);
  });

  it('is for the story’s author or an admin, and a published story only', async () => {
    const other = await signUp('reporter');
    const draft = await createStory(author.token);
    const published = await createStory(author.token, { status: 'published' });
    const send = (id: number, token: string | null, json: unknown = { topic: 'breaking' }) =>
      api(`/api/stories/${id}/alert`, { method: 'POST', token, json });
    expect((await send(published.id, null)).status).toBe(401);
    expect((await send(published.id, other.token)).status).toBe(403);
    expect((await send(draft.id, other.token)).status).toBe(404);
    expect((await send(draft.id, author.token)).body.error.code).toBe('not_published');
    expect((await send(999_999, admin.token)).status).toBe(404);
    expect((await send(published.id, author.token, { topic: 'sport' })).body.error.fields).toHaveProperty('topic');
    expect((await send(published.id, author.token, { topic: 'beat:no-such-beat' })).body.error.fields).toEqual({
      topic: 'There is no beat "no-such-beat"',
    });
    expect((await send(published.id, author.token, { topic: 'breaking', title: 'x'.repeat(151) })).body.error.fields).toHaveProperty(
      'title',
    );
    expect((await send(published.id, author.token, {})).status).toBe(400);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM push_alerts WHERE story_id IN (?, ?)').bind(draft.id, published.id).first('n'),
    ).toBe(0);
  });
});

describe('an alert that cannot finish by itself', () => {
  it('is ended by the minute job an hour past its TTL: what is pending fails, the figures add up', async () => {
    const story = await createStory(author.token, { status: 'published' });
    await subscribed(['breaking']);
    const sent = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
    // Only its audience is frozen; its batches never run (as if their jobs had given up on errors).
    const audience = await env.DB.prepare("SELECT id FROM jobs WHERE kind = 'alert.audience' AND ref = ?")
      .bind(`${sent.body.id}:0`)
      .first<{ id: string }>();
    await deliverJobMessages([{ jobId: audience!.id, kind: 'alert.audience' }]);
    await env.DB.prepare("UPDATE jobs SET state = 'failed' WHERE kind = 'alert.batch' AND ref LIKE ?").bind(`${sent.body.id}:%`).run();
    const before = await alertOf(sent.body.id);
    expect(before).toMatchObject({ state: 'sending', delivered: 0 });
    expect(before.recipients).toBeGreaterThan(0);

    const now = new Date().toISOString();
    expect(await endStaleAlerts(deps, now)).toBe(0);
    await env.DB.prepare('UPDATE push_alerts SET created_at = ? WHERE id = ?').bind('2026-01-01T00:00:00.000Z', sent.body.id).run();
    expect(await endStaleAlerts(deps, now)).toBe(1);
    expect(await alertOf(sent.body.id)).toMatchObject({ state: 'sent', failed: before.recipients, finishedAt: now });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM push_alert_recipients WHERE alert_id = ? AND state = 'pending'")
        .bind(sent.body.id)
        .first('n'),
    ).toBe(0);
  });
});

describe('a sent alert a week on', () => {
  it('keeps its figures and loses its recipient rows to the minute job; a newer alert keeps them', async () => {
    const recipientRows = (alertId: number) =>
      env.DB.prepare('SELECT count(*) AS n FROM push_alert_recipients WHERE alert_id = ?').bind(alertId).first('n');
    await subscribed(['breaking']);
    const sentAlerts = [];
    for (const title of ['Bridge reopens after repairs', 'Water main burst on Elm Street']) {
      const story = await createStory(author.token, { title, status: 'published' });
      const sent = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
      expect(sent.status).toBe(202);
      sentAlerts.push(sent.body.id as number);
    }
    await runQueuedJobs();
    const [old, recent] = await Promise.all(sentAlerts.map(alertOf));
    expect(old).toMatchObject({ state: 'sent' });
    expect(old.delivered).toBeGreaterThan(0);
    expect(await recipientRows(old.id)).toBe(old.recipients);

    const now = new Date().toISOString();
    expect(await forgetOldRecipients(deps, now)).toBe(0);
    await env.DB.prepare('UPDATE push_alerts SET finished_at = ? WHERE id = ?').bind('2026-01-01T00:00:00.000Z', old.id).run();
    expect(await forgetOldRecipients(deps, now)).toBe(old.recipients);
    expect(await recipientRows(old.id)).toBe(0);
    expect(await alertOf(old.id)).toEqual({ ...old, finishedAt: '2026-01-01T00:00:00.000Z' });
    expect(await recipientRows(recent.id)).toBe(recent.recipients);
  });
});

describe('GET /api/alerts/{id}', () => {
  it('is for staff, and 404 for an alert that does not exist', async () => {
    const story = await createStory(author.token, { status: 'published' });
    const sent = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
    expect((await api(`/api/alerts/${sent.body.id}`)).status).toBe(401);
    expect((await api(`/api/alerts/${sent.body.id}`, { token: admin.token })).body).toMatchObject({ id: sent.body.id, storyId: story.id });
    expect((await api('/api/alerts/999999', { token: admin.token })).status).toBe(404);
  });
});

describe('the alerts contact (the VAPID subject)', () => {
  it('defaults to the first admin’s address when it is one push services take, and is required to send', async () => {
    await api('/api/settings/alerts', { method: 'PUT', token: admin.token, json: { contactEmail: null } });
    // Every admin here is on newsroom.test, which push services would refuse.
    expect((await api('/api/settings/alerts', { token: admin.token })).body).toEqual({ contactEmail: null, contact: null });
    const story = await createStory(author.token, { status: 'published' });
    const refused = await api(`/api/stories/${story.id}/alert`, { method: 'POST', token: author.token, json: { topic: 'breaking' } });
    expect([refused.status, refused.body.error.code]).toEqual([503, 'alerts_contact_missing']);

    await signUp('admin', { email: 'editor@newsroom.example.org' });
    expect((await api('/api/settings/alerts', { token: admin.token })).body.contact).toBe('mailto:editor@newsroom.example.org');
    expect(
      (await api('/api/settings/alerts', { method: 'PUT', token: admin.token, json: { contactEmail: 'alerts@localhost' } })).status,
    ).toBe(400);
    expect((await api('/api/settings/alerts', { method: 'PUT', token: author.token, json: { contactEmail: CONTACT } })).status).toBe(403);
    const set = await api('/api/settings/alerts', { method: 'PUT', token: admin.token, json: { contactEmail: CONTACT } });
    expect(set.body).toEqual({ contactEmail: CONTACT, contact: `mailto:${CONTACT}` });
  });
});
