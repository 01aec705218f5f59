import { DurableObject } from 'cloudflare:workers';
import type { CountedView } from '../../domain/readership/readership.ts';
import type { FlushOutcome, ViewFlush } from '../d1/d1-view-flushes.ts';
import { CounterStorage, type CounterStats } from './counter-storage.ts';

/**
 * One shard of the view counters (docs/decisions/060-view-counters-flush-to-d1.md): counts the
 * views of its stories in its own durable storage before answering, and flushes them to D1 (the
 * stories' totals and the per-hour breakdowns) from an alarm, at most `flushSeconds` after the
 * first view it has not flushed. D1's writes so grow with stories and hours, not with readers.
 */

export interface ViewCounterDeps {
  flushes: { apply(flush: ViewFlush): Promise<FlushOutcome> };
  /** The longest a counted view waits to reach D1 (VIEW_FLUSH_SECONDS). */
  flushSeconds: number;
}

/** After a failed flush, the next try. */
const RETRY_MS = 10_000;

export class ViewCounterShard extends DurableObject<Env> {
  private readonly store: CounterStorage;
  /** When the alarm is set for, as far as this object knows; null when none is. */
  private alarmAt: number | null = null;

  constructor(
    ctx: DurableObjectState,
    env: Env,
    private readonly deps: ViewCounterDeps,
  ) {
    super(ctx, env);
    this.store = new CounterStorage(ctx.storage.sql);
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmAt = await ctx.storage.getAlarm();
    });
  }

  /** Counts one view; answers the story's new exact total once it is stored. */
  async count(view: CountedView, storedViews: number): Promise<number> {
    const total = this.store.count(view, storedViews);
    await this.flushWithin(this.deps.flushSeconds * 1000);
    return total;
  }

  totals(storyIds: number[]): Map<number, number> {
    return this.store.totals(storyIds);
  }

  unflushed(): Map<number, number> {
    return this.store.unflushed();
  }

  stats(): CounterStats {
    return this.store.stats();
  }

  override async alarm(): Promise<void> {
    this.alarmAt = null;
    try {
      // A flush sent before the process died, or whose answer was lost, goes again under its own id.
      const flush = this.store.inFlight() ?? this.store.startFlush(crypto.randomUUID());
      if (flush) {
        const at = new Date().toISOString();
        const applied = await this.deps.flushes.apply({ id: flush.id, at, rows: flush.rows });
        this.store.finishFlush(applied.outcome === 'applied' ? applied : null, at);
      }
      if (this.store.hasPending()) await this.flushWithin(this.deps.flushSeconds * 1000);
    } catch (error) {
      console.error('flushing view counts to D1 failed; trying again', error);
      await this.flushWithin(RETRY_MS);
    }
  }

  private async flushWithin(ms: number): Promise<void> {
    if (this.alarmAt !== null) return;
    this.alarmAt = Date.now() + ms;
    await this.ctx.storage.setAlarm(this.alarmAt);
  }
}
