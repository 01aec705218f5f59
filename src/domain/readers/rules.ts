import { hasControlCharacters } from '../mail/control-characters.ts';

/** How reader sign-in behaves (docs/product/api.md, "Readers and newsletters"; decision 081). */

/** A sign-in link works once, for this long. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A reader stays signed in this long after following a link. */
export const READER_SESSION_DAYS = 90;
/** Newsletters one sign-in may join. */
export const SIGN_IN_NEWSLETTERS_MAX = 20;
export const READER_NAME_MAX = 100;
/** Where a link may send the reader after signing in: a path on this site. */
export const NEXT_PATH_MAX = 500;

/**
 * A path on this site, safe to send a reader to: it starts with one "/" (not "//" or "/\", which
 * browsers read as another host), holds no control characters or backslashes, and is not the API.
 */
export function isLocalPath(path: string): boolean {
  return (
    path.length <= NEXT_PATH_MAX &&
    /^\/(?![/\\])/.test(path) &&
    !hasControlCharacters(path) &&
    !path.includes('\\') &&
    !/^\/api(\/|$|\?|#)/.test(path)
  );
}
