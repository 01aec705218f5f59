import { getCookie } from 'hono/cookie';
import type { ReaderLevel } from '../../../domain/members/access.ts';
import { readerLevelOfSession } from '../../../services/members/reader-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { ReaderLevelOf } from '../context.ts';
import { READER_SESSION_COOKIE } from './reader-session.ts';

/** With the edge cache on, how long this isolate remembers that a session has paid access. */
export const LEVEL_MEMORY_MS = 10_000;
const LEVEL_MEMORY_MAX = 5_000;
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
const LEVEL = 'readerLevel';

/**
 * From the reader_session cookie: a browser without one is anonymous at no cost. With `memoryMs`,
 * a session with paid access is remembered in this isolate that long, so a paying reader's cached
 * page costs no D1 read; a level that can still rise (a free member's) is read every time, so an
 * upgrade or a comp reaches the reader's very next read. A lapse or a session ended elsewhere
 * reaches pages within `memoryMs` (a reader's own sign-out at once: the cookie goes with it).
 */
export function readerLevels(deps: AppDeps, memoryMs: number): ReaderLevelOf {
  const remembered = new Map<string, { level: ReaderLevel; until: number }>();

  const levelOfCookie = async (token: string | undefined): Promise<ReaderLevel> => {
    if (!token || !TOKEN.test(token)) return 'anonymous';
    const hash = await deps.tokens.hash(token);
    const now = Date.now();
    const known = remembered.get(hash);
    if (known && known.until > now) return known.level;
    const level = await readerLevelOfSession(deps, hash, deps.clock.now());
    if (memoryMs > 0 && level === 'paid') {
      remembered.delete(hash);
      if (remembered.size >= LEVEL_MEMORY_MAX) remembered.delete(remembered.keys().next().value!);
      remembered.set(hash, { level, until: now + memoryMs });
    }
    return level;
  };

  return (c) => {
    const known = c.get(LEVEL) as Promise<ReaderLevel> | undefined;
    if (known) return known;
    const level = levelOfCookie(getCookie(c, READER_SESSION_COOKIE));
    c.set(LEVEL, level);
    return level;
  };
}
