import { UTM_MEDIUM_MAX_LENGTH } from '../../domain/readership/referrer-source.ts';

/** What a story view says about how the reader got here (docs/product/api-analytics.md): the beacon's body. */
export interface ViewArrival {
  referrer: string;
  /** The landing URL's `utm_medium` (a newsletter's links say `email`); absent when it has none. */
  utmMedium?: string;
}

/**
 * The view's arrival for the page the reader landed on. The query is read from the address bar, never from the HTML: the
 * page is edge-cached alike for every URL that reaches it.
 */
export function landingArrival(referrer: string, search: string = window.location.search): ViewArrival {
  const medium = new URLSearchParams(search).get('utm_medium');
  return medium ? { referrer, utmMedium: medium.slice(0, UTM_MEDIUM_MAX_LENGTH) } : { referrer };
}
