import { preloadedContexts, type AuthenticatedDocumentLoaderFactory, type DocumentLoader } from '@fedify/fedify/runtime';
import { signRequest } from '@fedify/fedify/sig';
import { remoteFetch, type RemotePolicy, type SignHop } from './remote-fetch.ts';

const JSON_TYPES = /^application\/(activity\+json|ld\+json|json|jrd\+json)\s*(;|$)/i;
const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/**
 * How Fedify fetches remote documents (actors, their keys, the objects of activities) for us: the
 * JSON-LD contexts everyone uses are built in (never fetched), and everything else goes through
 * remoteFetch's policy, bounded in size and time. Only JSON is read.
 */
export function boundedDocumentLoader(policy: RemotePolicy, sign?: SignHop): DocumentLoader {
  return async (url) => {
    if (url in preloadedContexts) return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    const { response, url: documentUrl } = await remoteFetch(url, { headers: { Accept: ACCEPT } }, policy, sign);
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${documentUrl}`);
    const type = response.headers.get('Content-Type') ?? 'application/json';
    if (!JSON_TYPES.test(type)) throw new Error(`${documentUrl} is ${type}, not JSON`);
    return { contextUrl: null, document: JSON.parse(await response.text()) as unknown, documentUrl };
  };
}

/**
 * The same, with each GET signed as one of our accounts (Fedify uses it when it acts for an account,
 * e.g. fetching the key of an activity sent to that account's inbox): servers in Mastodon's
 * authorized-fetch mode answer only signed requests.
 */
export function authenticatedDocumentLoader(policy: RemotePolicy): AuthenticatedDocumentLoaderFactory {
  return (identity) =>
    boundedDocumentLoader(policy, (request) =>
      signRequest(request, identity.privateKey, identity.keyId, { spec: 'draft-cavage-http-signatures-12' }),
    );
}
