import { describe, expect, it } from 'vitest';
import type { Reader } from '../../domain/readers/entities.ts';
import type { ReaderRepository } from '../../domain/readers/ports.ts';
import type { MemberLevel } from '../../domain/members/ports.ts';
import { readerLevelOfSession } from './reader-level.ts';

const NOW = '2026-11-27T07:00:00.000Z';
const reader: Reader = { id: 7, email: 'r@example.com', name: null, createdAt: NOW, updatedAt: NOW, lastSignedInAt: NOW };

function deps(level: MemberLevel) {
  const readers = { findBySession: async (hash: string) => (hash === 'live' ? reader : null) } as unknown as ReaderRepository;
  const asked: number[] = [];
  return { asked, readers, readerLevels: { levelOf: async (id: number) => (asked.push(id), level) } };
}

describe('the level a browser reads at', () => {
  it('is anonymous without a session, or with one that is unknown or expired', async () => {
    const d = deps('paid');
    expect(await readerLevelOfSession(d, null, NOW)).toBe('anonymous');
    expect(await readerLevelOfSession(d, 'gone', NOW)).toBe('anonymous');
    expect(d.asked).toEqual([]);
  });

  it('is the signed-in reader’s own level otherwise', async () => {
    const free = deps('free');
    expect(await readerLevelOfSession(free, 'live', NOW)).toBe('free');
    expect(free.asked).toEqual([7]);
    expect(await readerLevelOfSession(deps('paid'), 'live', NOW)).toBe('paid');
  });
});
