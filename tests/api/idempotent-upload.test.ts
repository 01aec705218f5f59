import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api, deps, expectError, signUp } from './support/api.ts';
import { IDEMPOTENCY_LEASE_SECONDS } from '../../src/adapters/http/idempotency.ts';
import { addSeconds } from '../../src/domain/time.ts';
import { bucketKeys, fileOf, multipart, samples, type FormPart } from './support/media.ts';

/**
 * Idempotency-Key on the one-request uploads (decisions 026 and 051): a retry whose first answer was lost
 * gets that answer back, not a second file and a second draft.
 */
function upload(token: string, parts: FormPart[], key?: string) {
  // A new boundary each time, as a browser's retry would send.
  const { body, contentType } = multipart(parts);
  return api('/api/upload/video', {
    method: 'POST',
    token,
    body,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.length), ...(key ? { 'Idempotency-Key': key } : {}) },
  });
}

const video = fileOf(samples.mp4, 4096);
const draftParts = (title: string, file = video): FormPart[] => [
  { name: 'video', value: file, filename: 'clip.mp4', contentType: 'video/mp4' },
  { name: 'title', value: title },
  { name: 'description', value: 'Filmed at the harbour' },
];

async function draftsTitled(title: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM stories WHERE title = ?').bind(title).first<{ n: number }>();
  return row!.n;
}

describe('Idempotency-Key on POST /api/upload/video', () => {
  it('answers a retry with the first answer: one file, one draft', async () => {
    const reporter = await signUp('reporter');
    const first = await upload(reporter.token, draftParts('Harbour fire'), 'retry-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const keysAfterFirst = await bucketKeys();

    const retry = await upload(reporter.token, draftParts('Harbour fire'), 'retry-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(retry.body).toEqual(first.body);
    expect(await draftsTitled('Harbour fire')).toBe(1);
    expect(await bucketKeys()).toEqual(keysAfterFirst);
  });

  it('refuses the key with a different request (another title or another file) with 422, storing nothing', async () => {
    const reporter = await signUp('reporter');
    expect((await upload(reporter.token, draftParts('Bridge closed'), 'key-2')).status).toBe(201);
    const keys = await bucketKeys();
    expectError(await upload(reporter.token, draftParts('Bridge reopened'), 'key-2'), 422, 'idempotency_key_reused');
    expectError(
      await upload(reporter.token, draftParts('Bridge closed', fileOf(samples.mp4, 4096, 99)), 'key-2'),
      422,
      'idempotency_key_reused',
    );
    expect(await draftsTitled('Bridge reopened')).toBe(0);
    expect(await draftsTitled('Bridge closed')).toBe(1);
    expect(await bucketKeys()).toEqual(keys);
  });

  it('keeps keys apart per user, and makes a new draft without a key', async () => {
    const one = await signUp('reporter');
    const two = await signUp('reporter');
    expect((await upload(one.token, draftParts('Same key'), 'shared')).status).toBe(201);
    const other = await upload(two.token, draftParts('Same key'), 'shared');
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect((await upload(one.token, draftParts('Same key'))).status).toBe(201);
    expect(await draftsTitled('Same key')).toBe(3);
  });

  it('lets a refused request give its key up, so the corrected retry runs', async () => {
    const reporter = await signUp('reporter');
    const refused = await upload(
      reporter.token,
      [
        { name: 'video', value: samples.exe, filename: 'clip.mp4' },
        { name: 'title', value: 'Retry after refusal' },
      ],
      'key-3',
    );
    expectError(refused, 415);
    const retry = await upload(reporter.token, draftParts('Retry after refusal'), 'key-3');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key after 24 hours', async () => {
    const reporter = await signUp('reporter');
    const first = await upload(reporter.token, draftParts('Day one'), 'key-4');
    expect(first.status).toBe(201);
    // A day has passed for this key.
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = ? WHERE key = 'key-4'").bind(deps.clock.now()).run();
    const later = await upload(reporter.token, draftParts('Day one'), 'key-4');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.story.id).not.toBe(first.body.story.id);
    const row = await env.DB.prepare("SELECT created_at, expires_at FROM idempotency_keys WHERE key = 'key-4'").first<{
      created_at: string;
      expires_at: string;
    }>();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(24 * 3600 * 1000);
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    const reporter = await signUp('reporter');
    const now = deps.clock.now();
    const running = { userId: reporter.user.id, key: 'key-5', claimId: 'a-running-request' };
    expect(await deps.idempotencyKeys.claim(running, now, addSeconds(now, 45), '2999-01-01T00:00:00.000Z')).toBeNull();
    const res = await upload(reporter.token, draftParts('In flight'), 'key-5');
    expectError(res, 409, 'idempotency_key_in_use');
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(45);
    expect(await draftsTitled('In flight')).toBe(0);
  });

  it('lets a retry claim the key once the lease of a request that died has run out (decision 051)', async () => {
    const reporter = await signUp('reporter');
    // A request claimed the key and its process was killed: nothing renews its lease, and it stored nothing.
    const started = new Date(Date.now() - 5 * 60_000).toISOString();
    const killed = { userId: reporter.user.id, key: 'key-killed', claimId: 'a-killed-request' };
    expect(
      await deps.idempotencyKeys.claim(killed, started, addSeconds(started, IDEMPOTENCY_LEASE_SECONDS), addSeconds(started, 24 * 3600)),
    ).toBeNull();

    const retry = await upload(reporter.token, draftParts('After the crash'), 'key-killed');
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await draftsTitled('After the crash')).toBe(1);
    // The retry's answer is the key's now; the dead request can no longer renew, complete or give up the key.
    expect(await deps.idempotencyKeys.renew(killed, addSeconds(deps.clock.now(), 60))).toBe(false);
    await deps.idempotencyKeys.complete(killed, { fingerprint: 'x', responseStatus: 201, responseBody: '{}' });
    await deps.idempotencyKeys.release(killed);
    const again = await upload(reporter.token, draftParts('After the crash'), 'key-killed');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(retry.body);
    expect(await draftsTitled('After the crash')).toBe(1);
  });

  it('keeps a renewed lease: a request that is still running is not taken over', async () => {
    const reporter = await signUp('reporter');
    const started = new Date(Date.now() - 5 * 60_000).toISOString();
    const slow = { userId: reporter.user.id, key: 'key-slow', claimId: 'a-slow-request' };
    expect(
      await deps.idempotencyKeys.claim(slow, started, addSeconds(started, IDEMPOTENCY_LEASE_SECONDS), addSeconds(started, 24 * 3600)),
    ).toBeNull();
    // Its renewals kept the lease ahead of now.
    expect(await deps.idempotencyKeys.renew(slow, addSeconds(deps.clock.now(), IDEMPOTENCY_LEASE_SECONDS))).toBe(true);
    expectError(await upload(reporter.token, draftParts('Still uploading'), 'key-slow'), 409, 'idempotency_key_in_use');
    expect(await draftsTitled('Still uploading')).toBe(0);
  });

  it('refuses a malformed key with 400', async () => {
    const reporter = await signUp('reporter');
    const error = expectError(await upload(reporter.token, draftParts('Bad key'), 'x'.repeat(256)), 400, 'validation_failed');
    expect(error.fields).toHaveProperty('Idempotency-Key');
  });
});
