import { viewsLabel } from '../../../domain/formatting.ts';
import { apiRequest } from '../../api/client.ts';

/** Views the page counted before the app started, by story id, each the server's new total (null if the count failed). */
const countedBeforeApp = new Map<number, Promise<number | null>>();

/**
 * docs/product/rules.md's one view per page load, for a story page a reader is reading before the app
 * has started (src/web/boot/take-over.ts): counts it, with where the reader came from
 * (docs/product/api-analytics.md), and shows the server's new total in the page.
 */
export function countViewBeforeApp(storyId: number, shownIn: Element | null): void {
  const counting = apiRequest<{ views: number }>('POST', `/api/stories/${storyId}/view`, { referrer: document.referrer }).then(
    ({ views }) => {
      if (shownIn) shownIn.textContent = viewsLabel(views);
      return views;
    },
    () => null,
  );
  countedBeforeApp.set(storyId, counting);
}

/** The count made before the app started for this story, once: the app's first rendering of that page adopts it instead of counting again. */
export function claimViewCountedBeforeApp(storyId: number): Promise<number | null> | undefined {
  const counting = countedBeforeApp.get(storyId);
  countedBeforeApp.delete(storyId);
  return counting;
}
