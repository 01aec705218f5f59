import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { REVIEW_FAILURE, reviewFailure } from './review-failure.ts';

const refused = (status: number, code: string, message: string) => new ApiError(status, `${status}: ...`, { error: { code, message } });

describe('reviewFailure', () => {
  it('says another editor decided when the story is no longer in review', () => {
    expect(reviewFailure(refused(409, 'not_in_review', 'This story is not waiting for review'))).toEqual({
      message: 'Another editor already decided on this story. The queue now shows it as it is.',
      reread: true,
    });
  });

  it('says the story changed when it was edited since the queue was read', () => {
    expect(reviewFailure(refused(409, 'stale_version', 'This story was changed by someone else'))).toEqual({
      message: REVIEW_FAILURE.changed,
      reread: true,
    });
    expect(REVIEW_FAILURE.changed).not.toBe(REVIEW_FAILURE.alreadyDecided);
  });

  it('passes any other refusal on in the server’s words, else a plain failure', () => {
    expect(reviewFailure(refused(403, 'forbidden', 'Only an admin can review stories'))).toEqual({
      message: 'Only an admin can review stories',
      reread: false,
    });
    expect(reviewFailure(new ApiError(500, '500: ', null))).toEqual({ message: REVIEW_FAILURE.failed, reread: false });
    expect(reviewFailure(new TypeError('Failed to fetch'))).toEqual({ message: REVIEW_FAILURE.failed, reread: false });
  });
});
