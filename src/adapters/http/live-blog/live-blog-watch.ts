import type { LiveBlogFeed } from '../../../domain/live-blog/answers.ts';
import type { LiveBlogUpdate } from '../../../domain/live-blog/entities.ts';
import type { Coverage } from '../../../domain/story/story.ts';

/**
 * One live blog's changes as this isolate knows them, shared by every reader streaming it
 * (decision 055): a log of batches, each what the feed said changed after one cursor, in order.
 * Readers follow the log from their own cursors; one of them, whichever first finds it more than
 * REFRESH_MS old, asks the feed for what changed after the log's end (through SharedFetch: the
 * isolate's memory, the Cache API, one request in flight), and every reader that got that answer
 * offers it to the log, which takes it once. So the database sees about one read a second per
 * live blog per isolate (per data centre, through the Cache API), however many read it.
 *
 * Readers never await each other's work (src/adapters/http/live/cross-request.ts says why): they
 * look at this shared state on their own timers.
 */

/** What one read of the feed said changed after `from`. */
export interface ChangeBatch {
  from: number;
  to: number;
  updates: LiveBlogUpdate[];
  deleted: number[];
  coverage: Coverage;
}

/** How often the log asks for more while readers follow it. */
export const REFRESH_MS = 1000;
/** A refresh not answered by then is given up and tried again by the next reader who looks. */
const REFRESH_STUCK_MS = 5000;
/** Batches held; older ones go, and readers behind them catch up from the feed itself. */
const MAX_BATCHES = 300;

export class LiveBlogWatch {
  private readonly batches: ChangeBatch[] = [];
  /** The log holds every change after `start` and up to `cursor`; null until the first read. */
  private start: number | null = null;
  private cursorAt: number | null = null;
  private coverageNow: Coverage = 'live';
  private checkedAt = 0;
  private refreshingSince: number | null = null;
  /** The live blog was not there (or not public) when last read. */
  gone = false;

  get cursor(): number | null {
    return this.cursorAt;
  }

  get coverage(): Coverage {
    return this.coverageNow;
  }

  /** Whether the log holds every change after `cursor`. */
  covers(cursor: number): boolean {
    return this.start !== null && cursor >= this.start;
  }

  /** True for the one reader that should refresh now; it must call refreshed() or refreshFailed() after. */
  claimRefresh(now: number): boolean {
    if (now - this.checkedAt < REFRESH_MS) return false;
    if (this.refreshingSince !== null && now - this.refreshingSince < REFRESH_STUCK_MS) return false;
    this.refreshingSince = now;
    return true;
  }

  refreshFailed(): void {
    this.refreshingSince = null;
  }

  /**
   * Offers what the feed said changed after `from`. Taken when it continues the log (or starts it);
   * ignored when another reader already gave the same answer. A live blog that is gone is marked so.
   */
  offer(from: number, answer: LiveBlogFeed | null, now: number): void {
    this.refreshingSince = null;
    this.checkedAt = now;
    if (!answer) {
      this.gone = true;
      return;
    }
    this.gone = false;
    this.coverageNow = answer.coverage;
    if (this.cursorAt !== null && from !== this.cursorAt) return;
    const to = Math.max(Number(answer.cursor), from);
    this.start ??= from;
    this.cursorAt = to;
    if (to === from) return;
    this.batches.push({ from, to, updates: answer.updates, deleted: answer.deleted ?? [], coverage: answer.coverage });
    if (this.batches.length > MAX_BATCHES) this.start = this.batches.splice(0, this.batches.length - MAX_BATCHES).at(-1)!.to;
  }

  /** The batches a reader at `cursor` has not had, oldest first. */
  since(cursor: number): ChangeBatch[] {
    const first = this.batches.findIndex((batch) => batch.to > cursor);
    return first === -1 ? [] : this.batches.slice(first);
  }
}

/** What a reader is sent: the same shape as the feed's answer with `after`. */
export interface ChangeEvent {
  updates: LiveBlogUpdate[];
  deleted: number[];
  cursor: number;
  coverage: Coverage;
}

/** Merges batches into one event: the newest state of each update (a deletion is the last word), the last cursor and coverage. */
export function mergeBatches(batches: readonly ChangeBatch[]): ChangeEvent | null {
  if (batches.length === 0) return null;
  const state = new Map<number, LiveBlogUpdate | null>();
  for (const batch of batches) {
    for (const update of batch.updates) state.set(update.id, update);
    for (const id of batch.deleted) state.set(id, null);
  }
  const last = batches.at(-1)!;
  return {
    updates: [...state.values()].filter((update): update is LiveBlogUpdate => update !== null).sort((a, b) => b.id - a.id),
    deleted: [...state].filter(([, update]) => update === null).map(([id]) => id),
    cursor: last.to,
    coverage: last.coverage,
  };
}

/** The watches of this isolate, by story id, least recently used first. */
const watches = new Map<number, LiveBlogWatch>();
const MAX_WATCHES = 200;

export function watchOf(storyId: number): LiveBlogWatch {
  const watch = watches.get(storyId) ?? new LiveBlogWatch();
  watches.delete(storyId);
  watches.set(storyId, watch);
  if (watches.size > MAX_WATCHES) watches.delete(watches.keys().next().value!);
  return watch;
}
