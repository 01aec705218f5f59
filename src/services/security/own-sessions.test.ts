import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { SessionRepository } from '../../domain/security/ports.ts';
import { aUser, fixedClock, NOW } from '../support/fakes.ts';
import { endOtherSessions, endOwnSession, listOwnSessions, signOut } from './own-sessions.ts';

/** Sessions in memory: each with its user and token hash; ending one writes its audit entries with it. */
function sessionStore() {
  const rows = [
    { id: 1, userId: 1, tokenHash: 'h1', revokedAt: null as string | null },
    { id: 2, userId: 1, tokenHash: 'h2', revokedAt: null as string | null },
    { id: 3, userId: 2, tokenHash: 'h3', revokedAt: null as string | null },
  ];
  const audit: AuditEntry[] = [];
  const live = (userId: number) => rows.filter((row) => row.userId === userId && row.revokedAt === null);
  const sessions: Pick<SessionRepository, 'listForUser' | 'revokeById' | 'revokeOthers' | 'revoke'> = {
    listForUser: async (userId) => live(userId).map((row) => ({ id: row.id, createdAt: NOW, lastSeenAt: NOW, userAgent: null })),
    revokeById: async (userId, id, now, entries) => {
      const row = live(userId).find((one) => one.id === id);
      if (!row) return false;
      row.revokedAt = now;
      audit.push(...entries);
      return true;
    },
    revokeOthers: async (userId, keep, now, entries) => {
      const others = live(userId).filter((row) => row.id !== keep);
      for (const row of others) row.revokedAt = now;
      audit.push(...entries);
      return others.length;
    },
    revoke: async (tokenHash, now) => {
      for (const row of rows) if (row.tokenHash === tokenHash) row.revokedAt = now;
    },
  };
  return { deps: { sessions, clock: fixedClock }, rows, audit };
}

describe('a user’s own sessions', () => {
  const maya = aUser({ id: 1 });

  it('lists only theirs, the one asking marked current', async () => {
    const { deps } = sessionStore();
    expect(await listOwnSessions(deps, maya, 2)).toEqual([
      { id: 1, createdAt: NOW, lastSeenAt: NOW, userAgent: null, current: false },
      { id: 2, createdAt: NOW, lastSeenAt: NOW, userAgent: null, current: true },
    ]);
  });

  it('ends the others, audited, and keeps the one asking', async () => {
    const { deps, rows, audit } = sessionStore();
    expect(await endOtherSessions(deps, maya, 2)).toBe(1);
    expect(rows.map((row) => row.revokedAt !== null)).toEqual([true, false, false]);
    expect(audit).toEqual([{ action: 'auth.other_sessions_ended', actorId: 1, target: { type: 'user', id: 1, label: 'maya' } }]);
  });

  it('ends one of theirs, audited; another user’s is a 404 and stays', async () => {
    const { deps, rows, audit } = sessionStore();
    await endOwnSession(deps, maya, 1);
    expect(audit).toEqual([{ action: 'auth.session_ended', actorId: 1, target: { type: 'session', id: 1, label: null } }]);
    await expect(endOwnSession(deps, maya, 3)).rejects.toBeInstanceOf(NotFoundError);
    expect(rows[2]!.revokedAt).toBeNull();
  });

  it('signs out the session behind a token', async () => {
    const { deps, rows } = sessionStore();
    await signOut(deps, 'h3');
    expect(rows.map((row) => row.revokedAt)).toEqual([null, null, NOW]);
  });
});
