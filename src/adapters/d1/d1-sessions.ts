import { AsyncLocalStorage } from 'node:async_hooks';
import type { SignedTokens } from '../../domain/newsletters/ports.ts';

/**
 * D1's Sessions API (decision 111): every request reads and writes through one D1 session, so a
 * read may be answered by a nearby replica while a writer's next requests, carrying the bookmark
 * of its write, read at least what it wrote. Work that runs outside a request (the queue, the
 * minute job, Durable Objects) goes to the database as bound, that is the primary.
 */
interface RequestSession {
  session: D1DatabaseSession;
  /** Whether the request prepared a statement that writes: only then has a reader something to read back. */
  writes: boolean;
}

/** A statement that changes the database (drizzle's and ours alike start so, or return what they wrote). */
const WRITE = /^\s*(?:insert|update|delete|replace)\b|\breturning\b/i;

export class D1Sessions {
  readonly #current = new AsyncLocalStorage<RequestSession>();
  /** The D1 the repositories are given: each statement goes to the request's session, if any. */
  readonly database: D1Database;

  /**
   * `bookmarks` signs the bookmarks handed to clients: D1 waits for the database to reach a bookmark
   * it is given, so one from the future, forged, would hold a request for ever. Only ours are taken.
   */
  constructor(
    private readonly primary: D1Database,
    private readonly bookmarks: SignedTokens,
  ) {
    const target = () => this.#current.getStore()?.session ?? primary;
    this.database = {
      prepare: (query: string) => {
        const current = this.#current.getStore();
        if (current && WRITE.test(query)) current.writes = true;
        return target().prepare(query);
      },
      batch: <T>(statements: D1PreparedStatement[]) => target().batch<T>(statements),
      exec: (query: string) => primary.exec(query),
      withSession: (constraint?: D1SessionBookmark | D1SessionConstraint) => primary.withSession(constraint),
      dump: () => primary.dump(),
    } as D1Database;
  }

  /**
   * Runs a request's `work` in one session, started after the signed bookmark it carried (if it is
   * ours), else as `sessionStart` says; answers its result, the session's newest bookmark, signed, and
   * whether the work wrote to D1.
   */
  async run<T>(
    method: string,
    carried: string | null,
    work: () => Promise<T>,
  ): Promise<{ result: T; bookmark: string | null; wrote: boolean }> {
    const bookmark = carried ? await this.bookmarks.verify(carried).catch(() => null) : null;
    const current: RequestSession = { session: this.#open(sessionStart(method, bookmark)), writes: false };
    const result = await this.#current.run(current, work);
    const newest = current.session.getBookmark();
    return { result, bookmark: newest ? await this.bookmarks.sign(newest).catch(() => null) : null, wrote: current.writes };
  }

  /** A bookmark D1 does not take is a fresh session at the primary, never an error. */
  #open(start: D1SessionBookmark | D1SessionConstraint): D1DatabaseSession {
    try {
      return this.primary.withSession(start);
    } catch {
      return this.primary.withSession('first-primary');
    }
  }
}

/** Bookmarks are D1's own short tokens. */
const BOOKMARK = /^[0-9A-Za-z._:-]{1,128}$/;

/**
 * Where a request's session starts: after the bookmark it carried (its sender's last write, as we
 * signed it), else anywhere for a read (a replica may answer) and at the primary for a write.
 */
export function sessionStart(method: string, bookmark: string | null | undefined): D1SessionBookmark | D1SessionConstraint {
  if (bookmark && BOOKMARK.test(bookmark)) return bookmark;
  return method === 'GET' || method === 'HEAD' ? 'first-unconstrained' : 'first-primary';
}
