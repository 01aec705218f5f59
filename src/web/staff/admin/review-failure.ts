import { ApiError } from '../../api/client.ts';

/** What the Review tab says when a decision is refused (docs/product/notices.md#review-tab). */
export const REVIEW_FAILURE = {
  alreadyDecided: 'Another editor already decided on this story. The queue now shows it as it is.',
  changed: 'The story changed while you were reading it. The queue now shows it as it is.',
  failed: 'Failed to review the story',
} as const;

/**
 * The toast's words for a refused review decision, and whether the queue must be read again (a
 * conflict: the queue showed the story as it no longer is). `not_in_review` means another admin
 * decided first; any other 409 (`stale_version`) that the story was edited meanwhile.
 */
export function reviewFailure(error: unknown): { message: string; reread: boolean } {
  if (!(error instanceof ApiError)) return { message: REVIEW_FAILURE.failed, reread: false };
  if (error.status === 409) {
    return { message: error.code === 'not_in_review' ? REVIEW_FAILURE.alreadyDecided : REVIEW_FAILURE.changed, reread: true };
  }
  return { message: error.serverMessage ?? REVIEW_FAILURE.failed, reread: false };
}
