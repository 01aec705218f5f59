import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { recordView } from '../../api/story-queries.ts';
import { landingArrival, type ViewArrival } from '../../../reader/story/arrival.ts';

/** Visits (history entry + story) already counted during this page load. */
const counted = new Set<string>();
/** Whether a story of this page load has been counted: later ones were reached from this site. */
let landed = false;

/**
 * Where the reader came from to this story: the page before the site (document.referrer) and the
 * landing URL's utm_medium for the story the page load landed on, this site for a story reached inside the app.
 */
function cameFrom(): ViewArrival {
  const landing = performance.getEntriesByType('navigation')[0]?.name;
  const onLandingPage = !landed && (landing === undefined || new URL(landing).pathname === window.location.pathname);
  landed = true;
  return onLandingPage ? landingArrival(document.referrer) : { referrer: window.location.href };
}

/**
 * docs/product/rules.md: one view is recorded per page load, after the story loads. A visit is one
 * history entry, so re-renders, React's development double effects and back/forward to the same
 * entry count once; the server's new total replaces the cached count. (A story page the worker
 * wrote counts its view without the app: view-count.ts.)
 */
export function useViewCounter(story: Story, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_key ?? state.location.state.key ?? state.location.href });

  useEffect(() => {
    const visit = `${entry}:${story.id}`;
    if (counted.has(visit)) return;
    counted.add(visit);
    recordView(story.id, cameFrom())
      .then(({ views }) => {
        queryClient.setQueryData<Story | null>(queryKey, (old) => (old && old.id === story.id ? { ...old, views } : old));
      })
      .catch(() => {
        // A view that could not be counted changes nothing the reader sees.
      });
  }, [entry, story.id, queryClient, queryKey]);
}
