import { and, asc, count, desc, eq, gte, isNull, lt, lte, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import { ConflictError } from '../../domain/errors.ts';
import type { Correction, Story } from '../../domain/story/entities.ts';
import type { StoryFilter, StoryListOrder, StoryRepository, StoryUpdateOutcome, StoryWrite } from '../../domain/story/ports.ts';
import { FALLBACK_SLUG, slugCandidatePrefix } from '../../domain/story/slug.ts';
import { withoutMarkDelimiters } from '../../domain/discovery/search-query.ts';
import { storyText } from '../../domain/story/story-text.ts';
import { isGated } from '../../domain/members/access.ts';
import { splitStory } from '../../domain/members/preview.ts';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import { auditEntriesFrom, auditStoryEntries } from './audit-entry.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { ifWritten, keepPublishingRevisions, keepRevision } from './d1-story-revisions.ts';
import { beats, stories, users } from './schema.ts';

const storyColumns = {
  story: stories,
  author: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
  beatId: beats.id,
  beatName: beats.name,
  beatSlug: beats.slug,
  // The story's corrections, oldest first, as one JSON array: no second query per story.
  corrections: sql<string>`(SELECT json_group_array(json_object('id', c.id, 'note', c.note, 'createdAt', c.created_at) ORDER BY c.created_at, c.id)
    FROM story_corrections c WHERE c.story_id = ${stories.id})`,
};

type StoryRow = {
  story: typeof stories.$inferSelect;
  author: Story['author'];
  beatId: number | null;
  beatName: string | null;
  beatSlug: string | null;
  corrections: string;
};

function toStory(row: StoryRow): Story {
  const { deletedAt: _deletedAt, bodyText: _bodyText, lockedText: _lockedText, ...story } = row.story;
  return {
    ...story,
    corrections: JSON.parse(row.corrections) as Correction[],
    author: row.author,
    beat:
      row.beatId !== null && row.beatName !== null && row.beatSlug !== null
        ? { id: row.beatId, name: row.beatName, slug: row.beatSlug }
        : null,
  };
}

const notDeleted = isNull(stories.deletedAt);

/**
 * The columns the search index reads (decision 035): the body as plain text, and no snippet
 * delimiter in any of them, so a search result can highlight only what matched. A gated story's
 * body is split (decision 090): what every reader sees in body_text, the rest in locked_text, which
 * only staff searches read.
 */
function searchable<T extends StoryWrite>(story: T): T & { bodyText: string; lockedText: string } {
  const { opening, rest } = isGated(story) ? splitStory(story.content) : { opening: story.content, rest: '' };
  return {
    ...story,
    title: withoutMarkDelimiters(story.title),
    description: withoutMarkDelimiters(story.description),
    bodyText: storyText(opening),
    lockedText: storyText(rest),
  };
}

const LIST_ORDERS: Record<StoryListOrder, SQL[]> = {
  newest: [desc(stories.createdAt), desc(stories.id)],
  // Only for lists of published stories, which all have publishedAt (migrations/0015's indexes).
  published: [desc(stories.publishedAt), desc(stories.id)],
  'review-queue': [asc(stories.submittedAt), asc(stories.id)],
  schedule: [asc(stories.publishAt), asc(stories.id)],
};

function slugTaken(): ConflictError {
  return new ConflictError('slug_taken', 'That URL slug is already used by another story', {
    slug: 'That URL slug is already used by another story',
  });
}

export class D1StoryRepository implements StoryRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select(storyColumns)
      .from(stories)
      .innerJoin(users, eq(users.id, stories.authorId))
      .leftJoin(beats, eq(beats.id, stories.beatId));
  }

  private async findWhere(condition: SQL | undefined): Promise<Story | null> {
    const row = await this.select().where(and(notDeleted, condition)).get();
    return row ? toStory(row) : null;
  }

  async list(filter: StoryFilter): Promise<{ items: Story[]; total: number }> {
    const conditions: (SQL | undefined)[] = [notDeleted];
    if (filter.scope.kind === 'published') conditions.push(eq(stories.status, 'published'));
    if (filter.scope.kind === 'published-or-own') {
      conditions.push(or(eq(stories.status, 'published'), eq(stories.authorId, filter.scope.authorId)));
    }
    if (filter.status) conditions.push(eq(stories.status, filter.status));
    if (filter.authorId !== undefined) conditions.push(eq(stories.authorId, filter.authorId));
    if (filter.beatId !== undefined) conditions.push(eq(stories.beatId, filter.beatId));
    const where = and(...conditions);

    // Not db.batch(): drizzle's D1 batch maps rows by column name, and the joined ids collide.
    const order = LIST_ORDERS[filter.order ?? 'newest'];
    const [rows, totals] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset),
      this.db.select({ n: count() }).from(stories).where(where),
    ]);
    return { items: rows.map(toStory), total: totals[0]?.n ?? 0 };
  }

  findById(id: number): Promise<Story | null> {
    return this.findWhere(eq(stories.id, id));
  }

  findBySlug(slug: string): Promise<Story | null> {
    return this.findWhere(eq(stories.slug, slug));
  }

  async findFeatured(): Promise<Story | null> {
    const row = await this.select()
      .where(and(notDeleted, eq(stories.isFeatured, true), eq(stories.status, 'published')))
      .orderBy(desc(stories.updatedAt), desc(stories.id))
      .get();
    return row ? toStory(row) : null;
  }

  async slugsLike(base: string, excludeId?: number): Promise<Set<string>> {
    const root = base === '' ? FALLBACK_SLUG : base;
    const prefix = slugCandidatePrefix(root);
    // A range on the slug index, not LIKE: D1 refuses LIKE patterns over 50 bytes, and slugs get longer
    // than that. Every slug character sorts below '~', so [prefix, prefix~) holds all slugs with the prefix.
    const rows = await this.db
      .select({ slug: stories.slug })
      .from(stories)
      .where(
        and(
          or(eq(stories.slug, root), and(gte(stories.slug, prefix), lt(stories.slug, `${prefix}~`))),
          excludeId === undefined ? undefined : ne(stories.id, excludeId),
        ),
      );
    return new Set(rows.map((row) => row.slug));
  }

  async create(story: StoryWrite & { authorId: number }, now: string, audit: readonly AuditEntry[] = []): Promise<Story> {
    let id: number;
    try {
      // The story and its first revision, by its author, or neither (slugs are unique, so the slug finds the new row).
      const [inserted] = await this.db.batch([
        this.db
          .insert(stories)
          .values({ ...searchable(story), createdAt: now, updatedAt: now })
          .returning({ id: stories.id }),
        keepRevision(this.db, sql`slug = ${story.slug}`, story.authorId, now),
        ...auditStoryEntries(this.db, audit, now, sql`slug = ${story.slug}`),
      ]);
      id = inserted[0]!.id;
    } catch (error) {
      if (isUniqueViolation(error, 'stories.slug')) throw slugTaken();
      throw error;
    }
    return (await this.findById(id))!;
  }

  async update(
    id: number,
    expectedVersion: number,
    story: StoryWrite,
    now: string,
    revisionBy: number | null = null,
    audit: readonly AuditEntry[] = [],
  ): Promise<StoryUpdateOutcome> {
    let updated: { id: number }[];
    try {
      const write = this.db
        .update(stories)
        .set({ ...searchable(story), updatedAt: now, version: sql`${stories.version} + 1` })
        .where(and(eq(stories.id, id), eq(stories.version, expectedVersion), notDeleted))
        .returning({ id: stories.id });
      const revision = revisionBy === null ? [] : [keepRevision(this.db, ifWritten(id), revisionBy, now)];
      const entries = auditStoryEntries(this.db, audit, now, ifWritten(id));
      if (revision.length + entries.length === 0) updated = await write;
      else [updated] = await this.db.batch([write, ...revision, ...entries]);
    } catch (error) {
      if (isUniqueViolation(error, 'stories.slug')) throw slugTaken();
      throw error;
    }
    if (updated.length > 0) return { kind: 'updated', story: (await this.findById(id))! };
    return (await this.findById(id)) ? { kind: 'stale' } : { kind: 'not_found' };
  }

  async publishDue(now: string): Promise<Story[]> {
    // One batch (a transaction): each due story's revision, then the one UPDATE that publishes them all,
    // both with the same condition. Two overlapping runs cannot both publish (or keep a revision of)
    // a story, and a story is never half published. publishAt is cleared, as approving or saving a
    // published story clears it; publishedAt keeps the time it held.
    const due = and(eq(stories.status, 'scheduled'), lte(stories.publishAt, now), notDeleted)!;
    const version = sql`${stories.version} + 1`;
    const updatedAt = sql`max(${stories.updatedAt}, ${stories.publishAt})`;
    const [, , published] = await this.db.batch([
      keepPublishingRevisions(this.db, due, version, updatedAt),
      // The job is the system: no actor (docs/product/api-sign-in-security.md#audit-log).
      auditEntriesFrom(this.db, { action: 'story.published', actorId: null, detail: { by: 'schedule' } }, now, {
        type: 'story',
        id: sql`id`,
        label: sql`title`,
        from: sql`stories WHERE ${due}`,
      }),
      this.db
        .update(stories)
        .set({
          status: 'published',
          publishedAt: sql`coalesce(${stories.publishedAt}, ${stories.publishAt})`,
          publishAt: null,
          updatedAt,
          version,
        })
        .where(due)
        .returning({ id: stories.id }),
    ]);
    const found = await Promise.all(published.map((row) => this.findById(row.id)));
    return found.filter((story) => story !== null);
  }

  async softDelete(id: number, now: string, audit: readonly AuditEntry[] = []): Promise<boolean> {
    const [rows] = await this.db.batch([
      this.db
        .update(stories)
        .set({ deletedAt: now, isFeatured: false, version: sql`${stories.version} + 1` })
        .where(and(eq(stories.id, id), notDeleted))
        .returning({ id: stories.id }),
      ...auditStoryEntries(this.db, audit, now, ifWritten(id)),
    ]);
    return rows.length > 0;
  }

  async restore(id: number, now: string, audit: readonly AuditEntry[] = []): Promise<Story | null> {
    const [rows] = await this.db.batch([
      this.db
        .update(stories)
        .set({ deletedAt: null, updatedAt: now, version: sql`${stories.version} + 1` })
        .where(and(eq(stories.id, id), sql`${stories.deletedAt} IS NOT NULL`))
        .returning({ id: stories.id }),
      ...auditStoryEntries(this.db, audit, now, ifWritten(id)),
    ]);
    return rows.length > 0 ? this.findById(id) : null;
  }

  /** Also finds deleted stories, so their author can be told whether a restore is possible. */
  async findDeletedFacts(id: number): Promise<{ authorId: number; status: Story['status'] } | null> {
    const row = await this.db
      .select({ authorId: stories.authorId, status: stories.status })
      .from(stories)
      .where(and(eq(stories.id, id), sql`${stories.deletedAt} IS NOT NULL`))
      .get();
    return row ?? null;
  }

  async countCreatedSince(since: string): Promise<number> {
    const row = await this.db
      .select({ n: count() })
      .from(stories)
      .where(and(notDeleted, gte(stories.createdAt, since)))
      .get();
    return row?.n ?? 0;
  }

  async totalViews(): Promise<number> {
    const row = await this.db
      .select({ total: sum(stories.views) })
      .from(stories)
      .where(notDeleted)
      .get();
    return Number(row?.total ?? 0);
  }

  async authorFigures(authorId: number) {
    const row = await this.db
      .select({
        published: sql<number>`coalesce(sum(${stories.status} = 'published'), 0)`,
        drafts: sql<number>`coalesce(sum(${stories.status} = 'draft'), 0)`,
        inReview: sql<number>`coalesce(sum(${stories.status} = 'in_review'), 0)`,
        scheduled: sql<number>`coalesce(sum(${stories.status} = 'scheduled'), 0)`,
        totalViews: sql<number>`coalesce(sum(${stories.views}), 0)`,
      })
      .from(stories)
      .where(and(notDeleted, eq(stories.authorId, authorId)))
      .get();
    return {
      published: Number(row?.published ?? 0),
      drafts: Number(row?.drafts ?? 0),
      inReview: Number(row?.inReview ?? 0),
      scheduled: Number(row?.scheduled ?? 0),
      totalViews: Number(row?.totalViews ?? 0),
    };
  }

  async attachVideo(id: number, videoUrl: string, now: string, editorId: number): Promise<Story | null> {
    // The story's own video again changes nothing: no write, no new version, no revision.
    await this.db.batch([
      this.db
        .update(stories)
        .set({ videoUrl, updatedAt: now, version: sql`${stories.version} + 1` })
        .where(and(eq(stories.id, id), notDeleted, sql`${stories.videoUrl} IS NOT ${videoUrl}`)),
      keepRevision(this.db, ifWritten(id), editorId, now),
    ]);
    return this.findById(id);
  }
}
