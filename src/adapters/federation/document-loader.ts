import { preloadedContexts, type DocumentLoader } from '@fedify/fedify/runtime';
import { remoteFetch, type RemotePolicy } from './remote-fetch.ts';

const JSON_TYPES = /^application\/(activity\+json|ld\+json|json|jrd\+json)\s*(;|$)/i;
const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/**
 * How Fedify fetches remote documents (actors, their keys, the objects of activities) for us: the
 * JSON-LD contexts everyone uses are built in (never fetched), and everything else goes through
 * remoteFetch's policy, bounded in size and time. Only JSON is read.
 */
export function boundedDocumentLoader(policy: RemotePolicy): DocumentLoader {
  return async (url) => {
    if (url in preloadedContexts) return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    const { response, url: documentUrl } = await remoteFetch(url, { headers: { Accept: ACCEPT } }, policy);
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${documentUrl}`);
    const type = response.headers.get('Content-Type') ?? 'application/json';
    if (!JSON_TYPES.test(type)) throw new Error(`${documentUrl} is ${type}, not JSON`);
    return { contextUrl: null, document: JSON.parse(await response.text()) as unknown, documentUrl };
  };
}
