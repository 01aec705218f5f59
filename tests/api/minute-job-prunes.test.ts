import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';
import { api, signUp } from './support/api.ts';
import { codeOf, passwordStep } from './support/two-factor.ts';

/**
 * The minute job prunes every table that grows with failures or expiries (decision 050's list):
 * failed sign-ins past the lockout window, expired challenges, used or expired reset links, ended
 * sessions, idempotency keys expired or past their lease, and upload sessions a day past their
 * expiry (their unfinished upload in R2 aborted). What can still be used stays. Written against the
 * old main first, where only challenges were pruned.
 */

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function runMinuteJob() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

describe('the minute job’s pruning', () => {
  it('deletes what can no longer be used from each table, and keeps the rest', async () => {
    const admin = await signUp('admin');
    const { user, token, password } = await signUp('reporter', { username: 'pruned' });

    // Failed sign-ins: two from 20 minutes ago (outside the 15-minute window), one now.
    for (let i = 0; i < 3; i++)
      await api('/api/auth/login', { method: 'POST', json: { emailOrUsername: 'pruned', password: 'wrong-one' } });
    await env.DB.prepare(
      'UPDATE login_attempts SET attempted_at = ? WHERE rowid IN (SELECT rowid FROM login_attempts ORDER BY attempted_at LIMIT 2)',
    )
      .bind(ago(20))
      .run();
    expect(await count('login_attempts')).toBe(3);

    // Challenges: one expired, one live.
    const setup = await api<{ secret: string }>('/api/auth/2fa/totp/setup', { method: 'POST', token, json: { password } });
    await api('/api/auth/2fa/totp/confirm', { method: 'POST', token, json: { code: codeOf(setup.body.secret, -1) } });
    await passwordStep('pruned', password);
    await passwordStep('pruned', password);
    await env.DB.prepare('UPDATE auth_challenges SET expires_at = ? WHERE id IN (SELECT id FROM auth_challenges LIMIT 1)')
      .bind(ago(1))
      .run();

    // Reset links: one expired, one used, one live.
    for (let i = 0; i < 3; i++) await api(`/api/users/${user.id}/password-reset`, { method: 'POST', token: admin.token, json: {} });
    const resets = (
      await env.DB.prepare('SELECT token_hash FROM password_resets WHERE user_id = ?').bind(user.id).all<{ token_hash: string }>()
    ).results;
    await env.DB.prepare('UPDATE password_resets SET expires_at = ? WHERE token_hash = ?').bind(ago(1), resets[0]!.token_hash).run();
    await env.DB.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ?').bind(ago(1), resets[1]!.token_hash).run();

    // Sessions: the reset links ended the reporter's; the admin's one is live; one more expired, one signed out.
    const other = await signUp('reporter');
    const signedOut = await signUp('reporter');
    await api('/api/auth/logout', { method: 'POST', token: signedOut.token });
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').bind(ago(1), other.user.id).run();

    // Idempotency keys: done and expired, pending past its lease, done and live.
    const key = env.DB.prepare(
      'INSERT INTO idempotency_keys (user_id, key, status, fingerprint, response_status, response_body, created_at, expires_at, lease_until, claim_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    await env.DB.batch([
      key.bind(admin.user.id, 'expired', 'done', 'f', 201, '{}', ago(2000), ago(1), null, null),
      key.bind(admin.user.id, 'lease-gone', 'pending', null, null, null, ago(5), later(1440), ago(1), 'claim-1'),
      key.bind(admin.user.id, 'live', 'done', 'f', 201, '{}', ago(5), later(1440), null, null),
    ]);

    // Upload sessions: open with an unfinished R2 upload and expired two days ago; expired an hour ago; live.
    const multipart = await env.MEDIA.createMultipartUpload('videos/abandoned.mp4');
    const upload = env.DB.prepare(
      `INSERT INTO upload_sessions (id, owner_id, kind, size, part_size, part_count, status, object_key, r2_upload_id, created_at, updated_at, expires_at)
       VALUES (?, ?, 'video', 100, 100, 1, 'open', ?, ?, ?, ?, ?)`,
    );
    const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await env.DB.batch([
      upload.bind(uuid(1), admin.user.id, 'videos/abandoned.mp4', multipart.uploadId, ago(4000), ago(4000), ago(2880)),
      upload.bind(uuid(2), admin.user.id, null, null, ago(120), ago(120), ago(60)),
      upload.bind(uuid(3), admin.user.id, null, null, ago(1), ago(1), later(60)),
    ]);

    await runMinuteJob();

    expect(await count('login_attempts')).toBe(1);
    expect(await count('auth_challenges')).toBe(1);
    expect(await count('password_resets WHERE user_id = ?', user.id)).toBe(1);
    expect(await count('sessions WHERE user_id = ?', other.user.id)).toBe(0);
    expect(await count('sessions WHERE user_id = ?', signedOut.user.id)).toBe(0);
    expect(await count('sessions WHERE user_id = ?', admin.user.id)).toBe(1);
    expect((await env.DB.prepare('SELECT key FROM idempotency_keys ORDER BY key').all<{ key: string }>()).results).toEqual([
      { key: 'live' },
    ]);
    expect((await env.DB.prepare('SELECT id FROM upload_sessions ORDER BY id').all<{ id: string }>()).results).toEqual([
      { id: uuid(2) },
      { id: uuid(3) },
    ]);
    // The abandoned upload's parts in R2 are gone with it.
    await expect(env.MEDIA.resumeMultipartUpload('videos/abandoned.mp4', multipart.uploadId).uploadPart(1, 'x')).rejects.toThrow();
  });
});
