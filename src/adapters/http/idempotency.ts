import { UnprocessableError, ConflictError, ValidationError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/time.ts';
import { addSeconds } from '../../domain/time.ts';

/**
 * Idempotency-Key on the one-request uploads (decisions 026 and 051, docs/product/api.md "Media"):
 * the first answer to a user's key is kept this long, and a retry with the key gets it back.
 */
export const IDEMPOTENCY_KEY_HOURS = 24;
/**
 * A running request holds its key for this long and renews the hold every third of it; a request
 * killed with its process stops renewing, so a retry can claim its key once this has passed.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Visible ASCII, as the IETF draft's examples; long enough for a UUID or any client's scheme. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The key a request was sent with, null when none; a malformed one is 400. */
export function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!KEY_PATTERN.test(header)) throw new ValidationError({ [IDEMPOTENCY_HEADER]: 'Use 1 to 255 visible ASCII characters' });
  return header;
}

/** A request's fingerprint: SHA-256 (hex) of what it asked for, in a stable order. */
export async function fingerprintOf(parts: Record<string, string>): Promise<string> {
  const canonical = JSON.stringify(Object.entries(parts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical)));
}

export function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface KeptAnswer {
  status: number;
  body: string;
}

/**
 * Runs a request under its user's key. The first request with the key runs `first` and its 2xx
 * answer is kept; a failure gives the key up, so a retry runs afresh (a failed request stored
 * nothing). While `first` runs it renews its lease on the key; if its process dies, the lease runs
 * out and a retry runs afresh. A later request with the key runs `fingerprintOnly` (it reads the
 * request, storing nothing) and gets the kept answer when it asked for the same thing, else 422;
 * while the first still runs, 409 with Retry-After.
 */
export async function underIdempotencyKey(
  repository: IdempotencyKeyRepository,
  { userId, key, clock }: { userId: number; key: string; clock: Clock },
  first: () => Promise<KeptAnswer & { fingerprint: string }>,
  fingerprintOnly: () => Promise<string>,
): Promise<KeptAnswer & { replayed: boolean }> {
  const claim = { userId, key, claimId: crypto.randomUUID() };
  const now = clock.now();
  const held = await repository.claim(claim, now, leaseFrom(now), addSeconds(now, IDEMPOTENCY_KEY_HOURS * 3600));
  if (held === null) {
    let answer: KeptAnswer & { fingerprint: string };
    const renewing = setInterval(
      () => {
        repository
          .renew(claim, leaseFrom(clock.now()))
          .catch((error: unknown) => console.error('renewing an Idempotency-Key lease failed', error));
      },
      (IDEMPOTENCY_LEASE_SECONDS * 1000) / 3,
    );
    try {
      answer = await first();
    } catch (error) {
      clearInterval(renewing);
      await repository.release(claim);
      throw error;
    }
    clearInterval(renewing);
    await repository.complete(claim, { fingerprint: answer.fingerprint, responseStatus: answer.status, responseBody: answer.body });
    return { status: answer.status, body: answer.body, replayed: false };
  }
  if (held.status === 'pending') {
    const seconds = Math.max(1, Math.ceil((Date.parse(held.leaseUntil) - Date.parse(now)) / 1000));
    throw new ConflictError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed; retry it in a moment',
      undefined,
      {
        retryAfterSeconds: seconds,
      },
    );
  }
  if ((await fingerprintOnly()) !== held.fingerprint) {
    throw new UnprocessableError(
      'idempotency_key_reused',
      'This Idempotency-Key was used for a different request; use a new key for a new request',
    );
  }
  return { status: held.responseStatus, body: held.responseBody, replayed: true };
}

function leaseFrom(now: string): string {
  return addSeconds(now, IDEMPOTENCY_LEASE_SECONDS);
}

/** The first answer to a request sent with an Idempotency-Key (decisions 026 and 051). */
export type IdempotencyRecord =
  { status: 'pending'; leaseUntil: string } | { status: 'done'; fingerprint: string; responseStatus: number; responseBody: string };

/** One request's hold on a user's key: `claimId` is that request's own, so a request that lost its lease cannot touch the key. */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  claimId: string;
}

export interface IdempotencyKeyRepository {
  /**
   * Claims the user's key for a new request, atomically, with a lease until `leaseUntil`: null when
   * this call claimed it (no record, an expired one, or a pending one whose lease ran out: its
   * request is gone), else the record that holds it.
   */
  claim(claim: IdempotencyClaim, now: string, leaseUntil: string, expiresAt: string): Promise<IdempotencyRecord | null>;
  /** Extends the lease of a request still running; false when it no longer holds the key. */
  renew(claim: IdempotencyClaim, leaseUntil: string): Promise<boolean>;
  /** Keeps the answer to the claimed key (until the key's expiry). */
  complete(claim: IdempotencyClaim, answer: { fingerprint: string; responseStatus: number; responseBody: string }): Promise<void>;
  /** Gives a claimed key up (its request failed and wrote nothing), so a retry runs afresh. */
  release(claim: IdempotencyClaim): Promise<void>;
}
