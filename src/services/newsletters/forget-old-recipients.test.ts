import { describe, expect, it } from 'vitest';
import { forgetOldSendRecipients } from './forget-old-recipients.ts';

describe('forgetting old sends’ recipients', () => {
  it('asks for the rows of sends finished 30 days before now, 10,000 at most, and answers how many went', async () => {
    const asked: [string, number][] = [];
    const forgotten = await forgetOldSendRecipients(
      {
        sends: {
          forgetRecipients: async (finishedBefore, limit) => {
            asked.push([finishedBefore, limit]);
            return 300;
          },
        },
      },
      '2026-03-31T12:00:00.000Z',
    );
    expect(asked).toEqual([['2026-03-01T12:00:00.000Z', 10_000]]);
    expect(forgotten).toBe(300);
  });
});
