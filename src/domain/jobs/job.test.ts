import { describe, expect, it } from 'vitest';
import { retryDelaySeconds, type JobPolicy } from './job.ts';

const policy: JobPolicy = { leaseSeconds: 60, maxAttempts: 8, firstRetrySeconds: 30, maxRetrySeconds: 3600 };

describe('retry delays', () => {
  it('double from the first delay up to the cap, spread over the upper half by the jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelaySeconds(policy, attempt, 1))).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(retryDelaySeconds(policy, 3, 0)).toBe(60);
    expect(retryDelaySeconds({ ...policy, maxAttempts: 20 }, 12, 1)).toBe(3600);
  });

  it('wait at least what the service asked (its Retry-After), up to the cap', () => {
    expect(retryDelaySeconds(policy, 1, 1, 120)).toBe(120);
    expect(retryDelaySeconds(policy, 1, 1, 5)).toBe(30);
    expect(retryDelaySeconds(policy, 1, 1, 99_999)).toBe(3600);
  });

  it('end after the last attempt', () => {
    expect(retryDelaySeconds(policy, 8, 0.5)).toBeNull();
    expect(retryDelaySeconds(policy, 9, 0.5)).toBeNull();
  });

  it('keep a jitter outside 0 to 1 inside it', () => {
    expect(retryDelaySeconds(policy, 1, -3)).toBe(15);
    expect(retryDelaySeconds(policy, 1, 7)).toBe(30);
  });
});
