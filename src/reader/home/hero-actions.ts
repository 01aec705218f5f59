import type { ActiveLiveStream } from '../../domain/live-video/entities.ts';
import { storyPath } from '../../domain/site/site.ts';
import { apiRequest } from '../../web/api/client.ts';
import { toast } from '../../web/ui/toast/toast-store.ts';

/**
 * The hero's "Watch Live": opens the story of the stream that is on air now, or says nobody is.
 * `go` moves to the story (the app's router, or a page load on a reader's page).
 */
export async function watchLive(go: (href: string) => void | Promise<void>): Promise<void> {
  try {
    const [stream] = await apiRequest<ActiveLiveStream[]>('GET', '/api/streams/active');
    // A reader watches a stream on its story's page.
    if (stream) await go(storyPath({ slug: stream.slug, id: stream.storyId }));
    else toast({ title: 'No live stream right now', description: 'Nobody is broadcasting at the moment. The latest stories are below.' });
  } catch {
    toast({ title: 'Could not check for live streams', description: 'Please try again.', variant: 'destructive' });
  }
}

/** The hero's "Latest News": scrolls to the latest stories (smoothly, unless the reader asks for less motion) and focuses them. */
export function showLatest(targetId: string, doc: Document = document): void {
  const target = doc.getElementById(targetId);
  target?.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  target?.focus({ preventScroll: true });
}
