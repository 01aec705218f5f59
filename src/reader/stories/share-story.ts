import type { Story } from '../../domain/story/entities.ts';
import { storyPath } from '../../domain/site/site.ts';
import { toast } from '../../web/ui/toast/toast-store.ts';

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The story's full address on this site (docs/product/screens.md: origin plus the story's slug). */
export function storyUrl(story: Pick<Story, 'slug' | 'id'>, origin = location.origin): string {
  return new URL(storyPath(story), origin).href;
}

/**
 * docs/product/screens.md: the device share dialog (title, description, link) when it works, otherwise
 * the link is copied and a toast says so. Closing the share dialog is not a failure.
 */
export async function shareStory(story: Pick<Story, 'slug' | 'id' | 'title' | 'description'>): Promise<ShareOutcome> {
  const url = storyUrl(story);
  const data: ShareData = { title: story.title, text: story.description, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Not allowed here (no user activation, policy): fall through to copying the link.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied!', description: 'Story link copied to clipboard' });
    return 'copied';
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    return 'failed';
  }
}
