import type { NewReaderSession, Reader, ReaderSignInLink } from '../../domain/readers/entities.ts';
import type { OneTimeTokens, ReaderMail, ReaderRepository, ReaderSignInRepository } from '../../domain/readers/ports.ts';

/** In-memory stand-ins of the reader ports, with the rules the D1 adapters keep (single use, expiry), for the services' fast tests. */
export class InMemoryReaders implements ReaderRepository, ReaderSignInRepository {
  readonly readers = new Map<number, Reader>();
  readonly links = new Map<string, ReaderSignInLink & { usedAt: string | null }>();
  readonly sessions = new Map<string, { readerId: number; expiresAt: string }>();
  /** Newsletters joined by following links: reader id -> slugs. */
  readonly joined = new Map<number, string[]>();
  private nextId = 1;

  async findById(id: number) {
    return this.readers.get(id) ?? null;
  }
  async findBySession(tokenHash: string, now: string) {
    const session = this.sessions.get(tokenHash);
    return session && session.expiresAt > now ? (this.readers.get(session.readerId) ?? null) : null;
  }
  async rename(id: number, name: string | null, now: string) {
    const reader = this.readers.get(id);
    if (!reader) return null;
    const renamed = { ...reader, name, updatedAt: now };
    this.readers.set(id, renamed);
    return renamed;
  }
  async endSession(tokenHash: string) {
    this.sessions.delete(tokenHash);
  }
  async delete(id: number) {
    this.readers.delete(id);
    for (const [hash, session] of this.sessions) if (session.readerId === id) this.sessions.delete(hash);
  }
  async pruneSessions(now: string) {
    for (const [hash, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(hash);
  }
  async create(link: ReaderSignInLink) {
    this.links.set(link.tokenHash, { ...link, usedAt: null });
  }
  async findUsable(tokenHash: string, now: string) {
    const link = this.links.get(tokenHash);
    if (!link || link.usedAt !== null || link.expiresAt <= now) return null;
    const { usedAt: _used, ...usable } = link;
    return usable;
  }
  async redeem(tokenHash: string, session: NewReaderSession) {
    const link = this.links.get(tokenHash);
    if (!link || link.usedAt !== null || link.expiresAt <= session.createdAt) return null;
    link.usedAt = session.createdAt;
    let reader = [...this.readers.values()].find((candidate) => candidate.email === link.email);
    if (!reader) {
      reader = {
        id: this.nextId++,
        email: link.email,
        name: null,
        createdAt: session.createdAt,
        updatedAt: session.createdAt,
        lastSignedInAt: null,
      };
    }
    reader = { ...reader, lastSignedInAt: session.createdAt };
    this.readers.set(reader.id, reader);
    this.sessions.set(session.tokenHash, { readerId: reader.id, expiresAt: session.expiresAt });
    this.joined.set(reader.id, [...new Set([...(this.joined.get(reader.id) ?? []), ...link.newsletters])]);
    return reader;
  }
  async pruneBefore(now: string) {
    for (const [hash, link] of this.links) if (link.expiresAt <= now) this.links.delete(hash);
  }
}

/** Tokens t1, t2, ...; a token's hash is `hash:` and the token, so tests can tell which is which. */
export function countingTokens(): OneTimeTokens {
  let n = 0;
  return { create: () => `token-${++n}-${'x'.repeat(24)}`, hash: async (token) => `hash:${token}` };
}

/** A ReaderMail that keeps what it was asked to send (and the newsletters each named). */
export function keptReaderMail(): ReaderMail & { sent: { to: string; link: string; expiresAt: string; newsletters: readonly string[] }[] } {
  const sent: { to: string; link: string; expiresAt: string; newsletters: readonly string[] }[] = [];
  return {
    sent,
    ensureConfigured: () => {},
    signInLink: async (to, link, expiresAt, newsletters = []) => void sent.push({ to, link, expiresAt, newsletters }),
  };
}

/** A clock the test moves. */
export function testClock(start = '2026-03-01T12:00:00.000Z') {
  let now = Date.parse(start);
  return { now: () => new Date(now).toISOString(), advance: (seconds: number) => void (now += seconds * 1000) };
}
