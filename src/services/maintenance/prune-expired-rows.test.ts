import { describe, expect, it } from 'vitest';
import type { PruneCutoffs } from '../../domain/security/ports.ts';
import { pruneExpiredRows } from './prune-expired-rows.ts';

const NONE = { login_attempts: 0, auth_challenges: 0, password_resets: 0, sessions: 0, idempotency_keys: 0, upload_sessions: 0 };

describe('pruning expired rows', () => {
  it('aborts abandoned uploads in storage, then prunes with the lockout window and a day’s grace for uploads', async () => {
    const calls: string[] = [];
    let cutoffs: PruneCutoffs | undefined;
    const counts = await pruneExpiredRows(
      {
        expiredRows: {
          abandonedUploads: async (before) => {
            calls.push(`abandoned before ${before}`);
            return [
              { objectKey: 'videos/a.mp4', r2UploadId: 'u1' },
              { objectKey: 'videos/b.mp4', r2UploadId: 'u2' },
            ];
          },
          prune: async (given) => {
            cutoffs = given;
            calls.push('prune');
            return { ...NONE, login_attempts: 3 };
          },
        },
        media: {
          abortMultipartUpload: async (key, id) => {
            calls.push(`abort ${key} ${id}`);
            if (id === 'u1') throw new Error('gone already');
          },
        },
      },
      '2026-05-01T10:00:00.000Z',
    );
    expect(calls).toEqual(['abandoned before 2026-04-30T10:00:00.000Z', 'abort videos/a.mp4 u1', 'abort videos/b.mp4 u2', 'prune']);
    expect(cutoffs).toEqual({
      now: '2026-05-01T10:00:00.000Z',
      attemptsBefore: '2026-05-01T09:45:00.000Z',
      uploadsBefore: '2026-04-30T10:00:00.000Z',
    });
    expect(counts.login_attempts).toBe(3);
  });
});
