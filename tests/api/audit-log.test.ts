import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';
import { AUDIT_ACTIONS, type AuditRecord } from '../../src/domain/audit/audit.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, deps, expectError, signUp, updatePayload, updateStory } from './support/api.ts';
import { publish } from './support/live.ts';
import { SoftAuthenticator } from './support/soft-authenticator.ts';
import { codeOf, enableTotp, passwordStep, secondStep } from './support/two-factor.ts';

/**
 * The audit log (docs/product/api-sign-in-security.md#audit-log): every security, user, publishing
 * and streaming change leaves one entry, written in the same D1 batch as the change (so a change that
 * did not happen leaves none), and nothing can edit or delete an entry.
 */

let adminToken: string;
async function admin(): Promise<string> {
  adminToken ??= (await signUp('admin', { username: 'auditor' })).token;
  return adminToken;
}

async function entries(query = ''): Promise<AuditRecord[]> {
  const res = await api<AuditRecord[]>(`/api/audit${query ? `?${query}` : ''}`, { token: await admin() });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The newest entry of an action about a target id. */
async function latest(action: string, targetId?: number): Promise<AuditRecord | undefined> {
  return (await entries(`action=${action}&limit=200`)).find((e) => targetId === undefined || e.target?.id === targetId);
}

async function count(action: string, targetId?: number): Promise<number> {
  return (await entries(`action=${action}&limit=200`)).filter((e) => targetId === undefined || e.target?.id === targetId).length;
}

describe('what the log records', () => {
  it('sign-ins that succeed and fail; an unknown name has no actor', async () => {
    const { user, password } = await signUp('reporter', { username: 'signer' });
    const ok = await latest('auth.login_succeeded', user.id);
    expect(ok).toMatchObject({
      actor: { id: user.id, username: 'signer' },
      target: { type: 'user', id: user.id, label: 'signer' },
      detail: { method: 'password' },
    });
    expect(Date.parse(ok!.at)).toBeGreaterThan(Date.now() - 60_000);
    await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: 'Signer', password: 'not-it-at-all' } });
    expect(await latest('auth.login_failed', user.id)).toMatchObject({
      actor: { id: user.id },
      target: { type: 'user', id: user.id, label: 'signer' },
      detail: { method: 'password' },
    });
    // A name that is no account is kept only as the start of its keyed hash (decision 050), never as typed.
    await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: 'No-Such-Person', password } });
    const unknown = (await entries('action=auth.login_failed')).find((e) => e.actor === null);
    expect(unknown).toMatchObject({
      actor: null,
      target: null,
      detail: { method: 'password', name: expect.stringMatching(/^[0-9a-f]{16}$/) },
    });
    expect(JSON.stringify(unknown).toLowerCase()).not.toContain('no-such-person');
  });

  it('second factors: TOTP on and off, passkeys added and removed, codes used at sign-in', async () => {
    const { user, token, password } = await signUp('reporter');
    const { secret } = await enableTotp(token, password);
    expect(await latest('auth.totp_enabled', user.id)).toMatchObject({ actor: { id: user.id } });
    expect((await secondStep(await passwordStep(user.username, password), codeOf(secret))).status).toBe(200);
    expect(await latest('auth.login_succeeded', user.id)).toMatchObject({ detail: { method: 'password+totp' } });
    await secondStep(await passwordStep(user.username, password), '000000');
    expect(await latest('auth.login_failed', user.id)).toMatchObject({ detail: { method: 'totp' } });
    expect((await api('/api/auth/2fa/totp', { method: 'DELETE', token, json: { password } })).status).toBe(204);
    expect(await latest('auth.totp_disabled', user.id)).toMatchObject({ actor: { id: user.id } });

    const options = await api('/api/auth/passkeys/register/options', { method: 'POST', token, json: { password } });
    const response = await (await SoftAuthenticator.create()).register(options.body, 'http://newsroom.test');
    const added = await api('/api/auth/passkeys/register', { method: 'POST', token, json: { response, name: 'Desk key' } });
    expect(await latest('auth.passkey_added', added.body.id)).toMatchObject({
      actor: { id: user.id },
      target: { type: 'passkey', id: added.body.id, label: 'Desk key' },
    });
    await api(`/api/auth/passkeys/${added.body.id}`, { method: 'DELETE', token, json: { password } });
    expect(await latest('auth.passkey_removed', added.body.id)).toMatchObject({ actor: { id: user.id }, target: { label: 'Desk key' } });
  });

  it('passwords changed and reset, reset links made, sessions ended', async () => {
    const { user, token, password } = await signUp('reporter');
    await api('/api/auth/password', { method: 'PUT', token, json: { currentPassword: password, newPassword: 'second-password' } });
    expect(await latest('auth.password_changed', user.id)).toMatchObject({ actor: { id: user.id } });
    const link = await api(`/api/users/${user.id}/password-reset`, {
      method: 'POST',
      token: await admin(),
      json: { clearTwoFactor: true },
    });
    expect(await latest('auth.password_reset_link_created', user.id)).toMatchObject({
      actor: { username: 'auditor' },
      detail: { clearTwoFactor: true },
    });
    await api('/api/auth/password-reset', {
      method: 'POST',
      json: { token: new URL(link.body.resetUrl).hash.slice(7), password: 'third-password' },
    });
    expect(await latest('auth.password_reset', user.id)).toMatchObject({ actor: { id: user.id }, detail: { clearedTwoFactor: true } });
    // "Sign out everywhere else" with nothing else to end leaves no entry; with another session, one.
    const again = await signUp('reporter');
    await api('/api/auth/sessions', { method: 'DELETE', token: again.token });
    expect(await count('auth.other_sessions_ended', again.user.id)).toBe(0);
    await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: again.user.username, password: again.password } });
    await api('/api/auth/sessions', { method: 'DELETE', token: again.token });
    expect(await count('auth.other_sessions_ended', again.user.id)).toBe(1);
  });

  it('users created and deactivated, security settings changed', async () => {
    const res = await api('/api/auth/register', {
      method: 'POST',
      token: await admin(),
      json: { username: 'newhire', email: 'newhire@newsroom.test', password: 'secret-pw', role: 'reporter' },
    });
    expect(await latest('user.created', res.body.id)).toMatchObject({
      actor: { username: 'auditor' },
      target: { type: 'user', id: res.body.id, label: 'newhire' },
      detail: { role: 'reporter' },
    });
    await api(`/api/users/${res.body.id}`, { method: 'DELETE', token: await admin() });
    expect(await latest('user.deactivated', res.body.id)).toMatchObject({ actor: { username: 'auditor' }, target: { label: 'newhire' } });
    await api('/api/settings/security', { method: 'PUT', token: await admin(), json: { requireTwoFactor: 'none' } });
    expect(await latest('settings.security_changed')).toMatchObject({
      actor: { username: 'auditor' },
      target: { type: 'settings', label: 'security' },
      detail: { from: 'none', to: 'none' },
    });
  });

  it('stories published, unpublished, deleted and restored, and corrections', async () => {
    const { user, token } = await signUp('reporter');
    const draft = await createStory(token, { title: 'Council vote', status: 'draft' });
    expect(await count('story.published', draft.id)).toBe(0);
    await updateStory(token, draft, { status: 'published' });
    expect(await latest('story.published', draft.id)).toMatchObject({
      actor: { id: user.id },
      target: { type: 'story', id: draft.id, label: 'Council vote' },
    });
    await api(`/api/stories/${draft.id}/corrections`, { method: 'POST', token, json: { note: 'The vote was 5 to 4.' } });
    expect(await latest('story.correction_added', draft.id)).toMatchObject({
      actor: { id: user.id },
      detail: { note: 'The vote was 5 to 4.' },
    });
    const current = (await api<Story>(`/api/stories/${draft.id}`, { token })).body;
    await updateStory(token, current, { status: 'archived', title: 'Council vote (old)' });
    expect(await latest('story.unpublished', draft.id)).toMatchObject({ target: { label: 'Council vote (old)' } });
    expect((await api(`/api/stories/${draft.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await latest('story.deleted', draft.id)).toMatchObject({ actor: { id: user.id }, detail: { status: 'archived' } });
    expect((await api(`/api/stories/${draft.id}/restore`, { method: 'POST', token })).status).toBe(200);
    expect(await latest('story.restored', draft.id)).toMatchObject({ actor: { id: user.id } });
    // Created published: one entry; created as a draft and saved as a draft: none.
    const direct = await createStory(token, { title: 'Straight out', status: 'published' });
    expect(await count('story.published', direct.id)).toBe(1);
    const quiet = await createStory(token, { title: 'Still a draft' });
    await updateStory(token, quiet, { title: 'Still a draft, edited' });
    expect(await count('story.published', quiet.id)).toBe(0);
  });

  it('an admin’s approval publishes under the admin’s name; the minute job’s publications have no actor', async () => {
    const { token } = await signUp('reporter');
    const inReview = await createStory(token, { title: 'For review', status: 'in_review' });
    await api(`/api/stories/${inReview.id}/review`, {
      method: 'POST',
      token: await admin(),
      json: { decision: 'approve', version: inReview.version },
    });
    expect(await latest('story.published', inReview.id)).toMatchObject({ actor: { username: 'auditor' } });

    const scheduled = await createStory(token, {
      title: 'At dawn',
      status: 'scheduled',
      publishAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const controller = createScheduledController({ scheduledTime: new Date(Date.now() + 120_000), cron: '* * * * *' });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await latest('story.published', scheduled.id)).toMatchObject({
      actor: null,
      target: { label: 'At dawn' },
      detail: { by: 'schedule' },
    });
  });

  it('streams started and ended by their reporter, and a stream that ends by itself with no actor', async () => {
    const { user, token } = await signUp('reporter');
    const started = await api('/api/streams/start', { method: 'POST', token, json: { title: 'Live from the harbour' } });
    expect(started.status).toBe(201);
    expect(await latest('stream.started', started.body.id)).toMatchObject({
      actor: { id: user.id },
      target: { type: 'stream', id: started.body.id, label: 'Live from the harbour' },
    });
    await api(`/api/streams/${started.body.id}/end`, { method: 'POST', token });
    expect(await latest('stream.ended', started.body.id)).toMatchObject({ actor: { id: user.id }, detail: { recorded: false } });

    const second = await api('/api/streams/start', { method: 'POST', token, json: { title: 'Second broadcast' } });
    const publisher = await publish(second.body.id, token);
    await publisher.waitFor('ready');
    // The publisher says it is done: the stream's own object ends it.
    publisher.ws.close(1000);
    await expect.poll(async () => (await deps.liveStreams.findById(second.body.id))?.isActive, { timeout: 10_000 }).toBe(false);
    expect(await latest('stream.ended', second.body.id)).toMatchObject({ actor: null, target: { label: 'Second broadcast' } });
    expect(await count('stream.ended', second.body.id)).toBe(1);
  });
});

describe('an entry exists only with its change', () => {
  it('a stale save, a second delete and a correction of a draft leave no entry', async () => {
    const { token } = await signUp('reporter');
    const story = await createStory(token, { title: 'Raced', status: 'draft' });
    await updateStory(token, story, { title: 'Raced, moved on' });
    const stale = await api(`/api/stories/${story.id}`, { method: 'PUT', token, json: updatePayload(story, { status: 'published' }) });
    expectError(stale, 409, 'stale_version');
    expect(await count('story.published', story.id)).toBe(0);
    expectError(
      await api(`/api/stories/${story.id}/corrections`, { method: 'POST', token, json: { note: 'Too early.' } }),
      409,
      'not_published',
    );
    expect(await count('story.correction_added', story.id)).toBe(0);
    await api(`/api/stories/${story.id}`, { method: 'DELETE', token });
    expectError(await api(`/api/stories/${story.id}`, { method: 'DELETE', token }), 404);
    expect(await count('story.deleted', story.id)).toBe(1);
  });

  it('a refused sign-in code leaves no success', async () => {
    const { user, token, password } = await signUp('reporter');
    await enableTotp(token, password);
    const before = await count('auth.login_succeeded', user.id);
    await secondStep(await passwordStep(user.username, password), '000000');
    expect(await count('auth.login_succeeded', user.id)).toBe(before);
  });
});

describe('the log itself', () => {
  it('is append-only: the database refuses to change or delete an entry', async () => {
    await signUp('reporter');
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'story.published'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow(/append-only/);
    expect((await entries()).length).toBeGreaterThan(0);
  });

  it('pages newest first with limit and before; filters by person and by action', async () => {
    const all = await entries('limit=200');
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const page1 = await entries('limit=3');
    const page2 = await entries(`limit=3&before=${page1.at(-1)!.id}`);
    expect([...page1, ...page2]).toEqual(all.slice(0, 6));
    expect((await entries()).length).toBe(Math.min(50, all.length));
    const mine = await signUp('reporter');
    const byPerson = await entries(`actorId=${mine.user.id}`);
    expect(byPerson.length).toBeGreaterThan(0);
    for (const entry of byPerson) expect(entry.actor?.id).toBe(mine.user.id);
    for (const entry of await entries('action=user.created')) expect(entry.action).toBe('user.created');
    for (const entry of all) expect(AUDIT_ACTIONS).toContain(entry.action);
  });

  it('is for admins; the query is validated', async () => {
    const reporter = await signUp('reporter');
    expectError(await api('/api/audit', { token: reporter.token }), 403, 'forbidden');
    expectError(await api('/api/audit'), 401, 'unauthenticated');
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'before=-1', 'actorId=abc', 'action=story.eaten']) {
      expectError(await api(`/api/audit?${query}`, { token: await admin() }), 400, 'validation_failed');
    }
  });
});
