import { describe, expect, it } from 'vitest';
import type { JobMessage } from '../../src/domain/jobs/job.ts';
import { consumeJobs } from '../../src/adapters/queues/job-consumer.ts';

/** A batch as Cloudflare Queues hands it over, noting what the consumer did with each message. */
function batchOf(bodies: JobMessage[]) {
  const outcomes = new Map<string, string>();
  const messages = bodies.map((body) => ({
    id: body.jobId,
    body,
    ack: () => void outcomes.set(body.jobId, 'ack'),
    retry: (options?: { delaySeconds?: number }) => void outcomes.set(body.jobId, `retry ${options?.delaySeconds}`),
  }));
  return { batch: { messages } as unknown as MessageBatch<unknown>, outcomes };
}

describe('the fan-out’s consumer', () => {
  it('runs one job of a one-at-a-time kind per batch and sends the others back, so a delivery in the same batch is not held behind them', async () => {
    const ran: string[] = [];
    const { batch, outcomes } = batchOf([
      { jobId: 'picture-1', kind: 'picture.derivatives' },
      { jobId: 'picture-2', kind: 'picture.derivatives' },
      { jobId: 'delivery-1', kind: 'federation.delivery' },
      { jobId: 'picture-3', kind: 'picture.derivatives' },
    ]);
    await consumeJobs(batch, async (message) => {
      ran.push(message.jobId);
      return { ack: true };
    });
    expect(ran.sort()).toEqual(['delivery-1', 'picture-1']);
    expect(Object.fromEntries(outcomes)).toEqual({
      'picture-1': 'ack',
      'picture-2': 'retry 5',
      'delivery-1': 'ack',
      'picture-3': 'retry 5',
    });
  });
});
