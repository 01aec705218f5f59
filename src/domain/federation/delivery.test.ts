import { describe, expect, it } from 'vitest';
import { deliveryVerdict } from './delivery.ts';

describe('what an inbox’s answer means', () => {
  it('2xx is delivered, 410 is gone', () => {
    for (const status of [200, 201, 202, 204]) expect(deliveryVerdict({ status })).toBe('delivered');
    expect(deliveryVerdict({ status: 410 })).toBe('gone');
  });

  it('retries what may pass later: no answer, 5xx, 429, 408, and 401 (an old copy of our key)', () => {
    for (const status of [500, 502, 503, 504, 429, 408, 401]) expect(deliveryVerdict({ status }), String(status)).toBe('retry');
    expect(deliveryVerdict({ error: 'TimeoutError' })).toBe('retry');
  });

  it('gives up on other refusals; a redirect (not followed for a POST) is tried again later, as Mastodon does', () => {
    for (const status of [400, 403, 404, 405, 413, 422]) expect(deliveryVerdict({ status }), String(status)).toBe('rejected');
    expect(deliveryVerdict({ status: 301 })).toBe('retry');
  });
});
