import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { ReadershipRepository, ViewCounter } from '../../domain/readership/ports.ts';
import type { StoryFilter, StoryRepository, StoryUpdateOutcome, StoryWrite } from '../../domain/story/ports.ts';

/**
 * The stories as the rest of the app reads them, with exact view counts (decision 060): the stories
 * table holds a story's views only as of its counter's last flush, so each story read takes the
 * total from the counter of any story it has counted (after the read: the counter's total is then
 * at least as new as the row). Sums ask the counters first which stories they hold views of that D1
 * has not got yet, then let D1 sum the others: no view is left out or counted twice, whenever a
 * flush lands.
 */
export class ExactStoryViews implements StoryRepository {
  constructor(
    private readonly stories: StoryRepository,
    private readonly counter: ViewCounter,
    private readonly readership: Pick<ReadershipRepository, 'storedViewsExcept'>,
  ) {}

  private async exact(stories: Story[]): Promise<Story[]> {
    if (stories.length === 0) return stories;
    const totals = await this.counter.totals(stories.map((story) => story.id));
    return stories.map((story) => {
      const views = totals.get(story.id);
      return views === undefined ? story : { ...story, views };
    });
  }

  private async exactOne(story: Story | null): Promise<Story | null> {
    return story ? (await this.exact([story]))[0]! : null;
  }

  private async viewsSum(authorId?: number): Promise<number> {
    const unflushed = await this.counter.unflushed();
    const stored = await this.readership.storedViewsExcept([...unflushed.keys()], authorId);
    return stored.included.reduce((sum, id) => sum + unflushed.get(id)!, stored.sum);
  }

  async list(filter: StoryFilter): Promise<{ items: Story[]; total: number }> {
    const { items, total } = await this.stories.list(filter);
    return { items: await this.exact(items), total };
  }

  async findById(id: number): Promise<Story | null> {
    return this.exactOne(await this.stories.findById(id));
  }

  async findBySlug(slug: string): Promise<Story | null> {
    return this.exactOne(await this.stories.findBySlug(slug));
  }

  async findFeatured(): Promise<Story | null> {
    return this.exactOne(await this.stories.findFeatured());
  }

  slugsLike(base: string, excludeId?: number): Promise<Set<string>> {
    return this.stories.slugsLike(base, excludeId);
  }

  /** A new story has no views. */
  create(story: StoryWrite & { authorId: number }, now: string, audit?: readonly AuditEntry[]): Promise<Story> {
    return this.stories.create(story, now, audit);
  }

  async update(
    id: number,
    expectedVersion: number,
    story: StoryWrite,
    now: string,
    revisionBy?: number | null,
    audit?: readonly AuditEntry[],
  ): Promise<StoryUpdateOutcome> {
    const outcome = await this.stories.update(id, expectedVersion, story, now, revisionBy, audit);
    return outcome.kind === 'updated' ? { kind: 'updated', story: (await this.exactOne(outcome.story))! } : outcome;
  }

  async publishDue(now: string): Promise<Story[]> {
    return this.exact(await this.stories.publishDue(now));
  }

  softDelete(id: number, now: string, audit?: readonly AuditEntry[]): Promise<boolean> {
    return this.stories.softDelete(id, now, audit);
  }

  async restore(id: number, now: string, audit?: readonly AuditEntry[]): Promise<Story | null> {
    return this.exactOne(await this.stories.restore(id, now, audit));
  }

  findDeletedFacts(id: number) {
    return this.stories.findDeletedFacts(id);
  }

  countCreatedSince(since: string): Promise<number> {
    return this.stories.countCreatedSince(since);
  }

  totalViews(): Promise<number> {
    return this.viewsSum();
  }

  async authorFigures(authorId: number) {
    const [figures, totalViews] = await Promise.all([this.stories.authorFigures(authorId), this.viewsSum(authorId)]);
    return { ...figures, totalViews };
  }

  async attachVideo(id: number, videoUrl: string, now: string, editorId: number): Promise<Story | null> {
    return this.exactOne(await this.stories.attachVideo(id, videoUrl, now, editorId));
  }
}
