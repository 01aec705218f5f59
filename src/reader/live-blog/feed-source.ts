import type { LiveBlogFeed } from '../../domain/live-blog/answers.ts';
import { apiRequest, getToken } from '../../web/api/client.ts';

/**
 * Where a live blog's changes come from (decision 055): for a published live blog, the server's
 * event stream (one shared read a second per isolate, whatever the audience), which the browser
 * reconnects by itself from where it got to; where that cannot work (a draft a signed-in reporter
 * previews, a proxy that breaks event streams) the feed itself, every few seconds.
 */
export interface Changes {
  updates: LiveBlogFeed['updates'];
  deleted: number[];
  cursor: string;
  coverage: LiveBlogFeed['coverage'];
}

export interface ChangeSource {
  close(): void;
}

/** How often the feed is asked when there is no event stream. */
export const POLL_MS = 3000;

export function followChanges(options: {
  storyId: number;
  cursor: string;
  /** False for a live blog only staff may see: its changes are polled with the reader's token. */
  published: boolean;
  onChanges: (changes: Changes) => void;
  onGone: () => void;
}): ChangeSource {
  let cursor = options.cursor;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let events: EventSource | null = null;

  const take = (changes: Changes) => {
    cursor = changes.cursor;
    options.onChanges(changes);
  };

  const poll = async () => {
    if (closed) return;
    try {
      let more = true;
      while (more && !closed) {
        const page = await apiRequest<LiveBlogFeed>(
          'GET',
          `/api/stories/${options.storyId}/updates?after=${encodeURIComponent(cursor)}&limit=100`,
          undefined,
          { token: getToken() },
        );
        more = page.more;
        take({ updates: page.updates, deleted: page.deleted ?? [], cursor: page.cursor, coverage: page.coverage });
      }
    } catch (error) {
      if ((error as { status?: number }).status === 404) {
        closed = true;
        return options.onGone();
      }
      // Offline for a moment: the next round asks again from the same cursor.
    }
    timer = setTimeout(() => void poll(), POLL_MS);
  };

  if (options.published && typeof EventSource !== 'undefined') {
    events = new EventSource(`/api/stories/${options.storyId}/updates/stream?after=${encodeURIComponent(cursor)}`);
    events.addEventListener('changes', (event) => take(JSON.parse((event as MessageEvent<string>).data) as Changes));
    events.addEventListener('gone', () => {
      events?.close();
      closed = true;
      options.onGone();
    });
    events.addEventListener('error', () => {
      // The browser reconnects by itself while it can; once it gives up (an answer that is no stream), poll instead.
      if (events?.readyState !== EventSource.CLOSED || closed) return;
      events = null;
      timer = setTimeout(() => void poll(), POLL_MS);
    });
  } else {
    void poll();
  }

  return {
    close() {
      closed = true;
      events?.close();
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
