import { describe, expect, it } from 'vitest';
import { alertMessage, shortened } from './alert.ts';
import { classifyPushStatus, recipientOutcome } from './delivery.ts';

describe('an alert’s words', () => {
  it('are cut at a word with an ellipsis when too long, and kept when short', () => {
    expect(shortened('Levee breach', 150)).toBe('Levee breach');
    expect(shortened('one two three four five', 12)).toBe('one two…');
    expect(shortened('  spaced\n out  ', 50)).toBe('spaced out');
    expect(shortened('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('are tagged by story, so one story on two topics shows once', () => {
    expect(alertMessage({ storyId: 7, title: 't', body: 'b', url: 'u', icon: 'i' })).toEqual({
      title: 't',
      body: 'b',
      url: 'u',
      icon: 'i',
      tag: 'story-7',
    });
  });
});

describe('what a push service answered', () => {
  it('is delivered, gone, worth a retry, or failed', () => {
    expect(classifyPushStatus(201, null).kind).toBe('delivered');
    expect([404, 410].map((status) => classifyPushStatus(status, null).kind)).toEqual(['gone', 'gone']);
    expect([429, 500, 503].map((status) => classifyPushStatus(status, 5).kind)).toEqual(['retry', 'retry', 'retry']);
    expect([400, 401, 403, 413].map((status) => classifyPushStatus(status, null).kind)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('is given up on the last run and after the TTL', () => {
    const retry = classifyPushStatus(503, null);
    expect(recipientOutcome(retry, { lastRun: false, secondsSinceAlert: 60 })).toBe('retry');
    expect(recipientOutcome(retry, { lastRun: true, secondsSinceAlert: 60 })).toBe('failed');
    expect(recipientOutcome(retry, { lastRun: false, secondsSinceAlert: 4 * 3600 })).toBe('failed');
  });

  it('removes a subscription refused three alerts running, never on a retry that ran out', () => {
    const refused = classifyPushStatus(403, null);
    expect(recipientOutcome(refused, { lastRun: false, secondsSinceAlert: 60 })).toBe('failed');
    expect(recipientOutcome(refused, { lastRun: false, secondsSinceAlert: 60, refusals: 1 })).toBe('failed');
    expect(recipientOutcome(refused, { lastRun: false, secondsSinceAlert: 60, refusals: 2 })).toBe('removed');
    expect(recipientOutcome(classifyPushStatus(503, null), { lastRun: true, secondsSinceAlert: 60, refusals: 5 })).toBe('failed');
  });
});
