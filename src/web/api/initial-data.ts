import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID } from '../../contract/page-contract.ts';

/**
 * The worker embeds the public reads a page starts with as a JSON data block
 * (<script type="application/json" id="initial-data">, which CSP does not execute): an object
 * from each query's key (the API URL the page would read) to that URL's JSON answer. Seeding the
 * cache from it saves the reader a round trip before the first paint.
 */
export function seedInitialData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  try {
    const entries = JSON.parse(element.textContent) as Record<string, unknown>;
    for (const [url, data] of Object.entries(entries)) queryClient.setQueryData([url], data);
  } catch {
    // A damaged block only costs the round trip it was meant to save.
  }
  element.remove();
}
