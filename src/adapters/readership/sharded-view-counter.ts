import type { ViewCounter } from '../../domain/readership/ports.ts';
import type { CountedView, ViewCounterStats } from '../../domain/readership/readership.ts';
import type { ViewCounterShard } from './view-counter-shard.ts';

/**
 * The worker's handle on the view counters: a fixed number of Durable Objects, a story's views
 * always counted by the same one (its id modulo the number). Changing the number would move stories
 * to counters that do not know them, so it is a constant: raising it means flushing every shard first.
 */
export const VIEW_COUNTER_SHARDS = 8;

export function shardOf(storyId: number): number {
  return storyId % VIEW_COUNTER_SHARDS;
}

export function shardName(shard: number): string {
  return `views-${shard}`;
}

export class ShardedViewCounter implements ViewCounter {
  constructor(private readonly namespace: DurableObjectNamespace<ViewCounterShard>) {}

  private shard(shard: number) {
    return this.namespace.get(this.namespace.idFromName(shardName(shard)));
  }

  count(view: CountedView, storedViews: number): Promise<number> {
    return this.shard(shardOf(view.storyId)).count(view, storedViews);
  }

  async totals(storyIds: readonly number[]): Promise<Map<number, number>> {
    const byShard = new Map<number, number[]>();
    for (const id of new Set(storyIds)) byShard.set(shardOf(id), [...(byShard.get(shardOf(id)) ?? []), id]);
    const answers = await Promise.all([...byShard].map(([shard, ids]) => this.shard(shard).totals(ids)));
    return new Map(answers.flatMap((answer) => [...answer]));
  }

  async unflushed(): Promise<Map<number, number>> {
    const answers = await Promise.all(Array.from({ length: VIEW_COUNTER_SHARDS }, (_, shard) => this.shard(shard).unflushed()));
    return new Map(answers.flatMap((answer) => [...answer]));
  }

  async stats(): Promise<ViewCounterStats> {
    const all = await Promise.all(Array.from({ length: VIEW_COUNTER_SHARDS }, (_, shard) => this.shard(shard).stats()));
    const sum = (key: keyof Omit<ViewCounterStats, 'shards'>) => all.reduce((total, stats) => total + stats[key], 0);
    return {
      shards: VIEW_COUNTER_SHARDS,
      flushes: sum('flushes'),
      viewsFlushed: sum('viewsFlushed'),
      d1Statements: sum('d1Statements'),
      d1RowsWritten: sum('d1RowsWritten'),
      viewsPending: sum('viewsPending'),
      rowsSetAside: sum('rowsSetAside'),
    };
  }
}
