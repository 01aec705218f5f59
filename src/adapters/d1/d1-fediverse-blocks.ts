import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { BlockInput, FediverseBlock } from '../../domain/federation/moderation.ts';
import type { BlockRepository } from '../../domain/federation/ports.ts';
import { auditEntry, ifChanged } from './audit-entry.ts';
import type { Db } from './db.ts';
import { fediverseBlocks, fediverseFollowers, fediverseReplies } from './federation-schema.ts';

function toBlock(row: typeof fediverseBlocks.$inferSelect): FediverseBlock {
  return { id: row.id, kind: row.kind, value: row.value, createdAt: row.createdAt };
}

/** Blocked accounts and servers (migrations/0060). */
export class D1FediverseBlocks implements BlockRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<FediverseBlock[]> {
    const rows = await this.db.select().from(fediverseBlocks).orderBy(asc(fediverseBlocks.kind), asc(fediverseBlocks.value));
    return rows.map(toBlock);
  }

  async add(block: BlockInput, by: number, now: string, audit: readonly AuditEntry[]): Promise<FediverseBlock | null> {
    const server = block.kind === 'server';
    const [inserted] = await this.db.batch([
      this.db
        .insert(fediverseBlocks)
        .values({ kind: block.kind, value: block.value, createdBy: by, createdAt: now })
        .onConflictDoNothing()
        .returning(),
      ...audit.map((entry) => auditEntry(this.db, entry, now, ifChanged)),
      // Nothing more is delivered to them, and nothing they wrote stays on a page.
      this.db
        .delete(fediverseFollowers)
        .where(server ? eq(fediverseFollowers.actorHost, block.value) : eq(fediverseFollowers.actorUri, block.value)),
      this.db
        .update(fediverseReplies)
        .set({ state: 'hidden', moderatedBy: by, moderatedAt: now })
        .where(
          and(
            server ? eq(fediverseReplies.host, block.value) : eq(fediverseReplies.actorUri, block.value),
            ne(fediverseReplies.state, 'hidden'),
          ),
        ),
    ]);
    const row = inserted[0];
    return row ? toBlock(row) : null;
  }

  async remove(id: number, now: string, audit: readonly AuditEntry[]): Promise<boolean> {
    const [deleted] = await this.db.batch([
      this.db.delete(fediverseBlocks).where(eq(fediverseBlocks.id, id)).returning({ id: fediverseBlocks.id }),
      ...audit.map((entry) => auditEntry(this.db, entry, now, ifChanged)),
    ]);
    return deleted.length > 0;
  }

  async isBlocked(host: string, actorUri: string | null): Promise<boolean> {
    const row = await this.db
      .select({ id: fediverseBlocks.id })
      .from(fediverseBlocks)
      .where(
        or(
          // A blocked server's subdomains are blocked with it, as on Mastodon.
          and(eq(fediverseBlocks.kind, 'server'), inArray(fediverseBlocks.value, hostAndParents(host))),
          actorUri === null ? undefined : and(eq(fediverseBlocks.kind, 'account'), eq(fediverseBlocks.value, actorUri)),
        ),
      )
      .get();
    return row !== undefined;
  }
}

/** a.b.example -> a.b.example, b.example, example (a port stays with the full host only). */
function hostAndParents(host: string): string[] {
  const bare = host.replace(/:\d+$/, '');
  const labels = bare.split('.');
  return [
    host,
    ...labels
      .slice(1)
      .map((_, i) => labels.slice(i + 1).join('.'))
      .filter((name) => name.includes('.')),
    ...(bare === host ? [] : [bare]),
  ];
}
