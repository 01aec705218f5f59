import { READER_SIGNED_IN_COOKIE } from '../../contract/page-contract.ts';

/** The page's entry reads this to wake the reader corner: kept apart so the entry carries nothing else of the reader calls. */

/** Whether this browser has a reader signed in (the hint cookie set beside the session). */
export function readerSignedIn(doc: Document = document): boolean {
  return doc.cookie.split(/;\s*/).includes(`${READER_SIGNED_IN_COOKIE}=1`);
}

/** Forgets the hint (the server no longer knows the session). */
export function forgetReaderHint(doc: Document = document): void {
  doc.cookie = `${READER_SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
