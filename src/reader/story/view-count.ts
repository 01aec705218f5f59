import { viewsLabel } from '../../domain/formatting.ts';
import { apiRequest } from '../../web/api/client.ts';
import { landingArrival } from './arrival.ts';

/**
 * docs/product/rules.md's one view per page load, for a story page the worker wrote (the page stays
 * the worker's: decision 045): counts it, with where the reader came from (the referrer, and the
 * landing URL's utm_medium: docs/product/api-analytics.md), and shows the server's new total in the page.
 */
export function countStoryView(storyId: number, shownIn: Element | null): void {
  // A view is anyone's: sent without a staff token (which the security policy may hold back).
  apiRequest<{ views: number }>('POST', `/api/stories/${storyId}/view`, landingArrival(document.referrer), { token: null }).then(
    ({ views }) => {
      if (shownIn) shownIn.textContent = viewsLabel(views);
    },
    () => {
      // A view that could not be counted changes nothing the reader sees.
    },
  );
}
