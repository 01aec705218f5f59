import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveBlogUpdate } from '../../../domain/live-blog/entities.ts';
import type { Coverage } from '../../../domain/story/story.ts';
import { readUpdates } from './live-desk-api.ts';

/** How often the desk asks what changed (other reporters' posts, edits, deletions). Staff are few: no stream needed. */
export const DESK_POLL_MS = 3000;

export interface DeskFeed {
  /** Newest first. */
  updates: LiveBlogUpdate[];
  coverage: Coverage;
  /** Whether older updates than those listed exist. */
  more: boolean;
  loaded: boolean;
  /** An update as this desk just wrote it (or the server said it is now): shown at once. */
  put(update: LiveBlogUpdate): void;
  remove(updateId: number): void;
  setCoverage(coverage: Coverage): void;
  loadOlder(): Promise<void>;
}

function merge(list: LiveBlogUpdate[], incoming: readonly LiveBlogUpdate[], deleted: readonly number[]): LiveBlogUpdate[] {
  const byId = new Map(list.map((update) => [update.id, update]));
  for (const update of incoming) {
    const known = byId.get(update.id);
    if (!known || known.version <= update.version) byId.set(update.id, update);
  }
  for (const id of deleted) byId.delete(id);
  // One pinned at most: the newest write wins, as on the server.
  const pinned = [...byId.values()].filter((update) => update.pinned).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  for (const stale of pinned.slice(1)) byId.set(stale.id, { ...stale, pinned: false });
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** The live desk's list of updates: the newest page, then what changed, every few seconds. */
export function useDeskFeed(storyId: number, initialCoverage: Coverage): DeskFeed {
  const [updates, setUpdates] = useState<LiveBlogUpdate[]>([]);
  const [coverage, setCoverage] = useState<Coverage>(initialCoverage);
  const [more, setMore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const cursor = useRef<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const round = async () => {
      try {
        if (cursor.current === null) {
          const page = await readUpdates(storyId);
          if (stopped) return;
          cursor.current = page.cursor;
          setUpdates((list) => merge(list, page.updates, []));
          setMore(page.more);
          setCoverage(page.coverage);
          setLoaded(true);
        } else {
          const changes = await readUpdates(storyId, `?after=${cursor.current}&limit=100`);
          if (stopped) return;
          cursor.current = changes.cursor;
          setUpdates((list) => merge(list, changes.updates, changes.deleted ?? []));
          setCoverage(changes.coverage);
          if (changes.more) return void round();
        }
      } catch {
        // Offline for a moment: the next round asks again.
      }
      if (!stopped) timer = setTimeout(() => void round(), DESK_POLL_MS);
    };
    void round();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [storyId]);

  const put = useCallback((update: LiveBlogUpdate) => setUpdates((list) => merge(list, [update], [])), []);
  const remove = useCallback((id: number) => setUpdates((list) => merge(list, [], [id])), []);
  const loadOlder = useCallback(async () => {
    const oldest = updates.at(-1);
    if (!oldest) return;
    const page = await readUpdates(storyId, `?before=${oldest.id}`);
    setUpdates((list) => merge(list, page.updates, []));
    setMore(page.more);
  }, [storyId, updates]);

  return { updates, coverage, more, loaded, put, remove, setCoverage, loadOlder };
}
