import { describe, expect, it } from 'vitest';
import type { DeliveryResult } from '../../domain/federation/delivery.ts';
import type { DeliveryOutcome, PendingDelivery } from '../../domain/federation/ports.ts';
import { batchRef, deliverBatch, eachWithLimits, parseBatchRef, type DeliverDeps } from './deliver-batch.ts';

const ACTIVITY = '0123456789abcdef0123456789abcdef';

function setUp(deliveries: PendingDelivery[], answer: (inbox: string) => Promise<DeliveryResult>) {
  const recorded: DeliveryOutcome[][] = [];
  const givenUp: string[] = [];
  const posted: string[] = [];
  const deps: DeliverDeps = {
    outbox: {
      batch: async (activityId, batch) =>
        activityId === ACTIVITY && batch === 0 ? { account: '7', body: '{"type":"Create"}', deliveries } : null,
      recordOutcomes: async (_id, outcomes) => void recorded.push([...outcomes]),
      giveUp: async (_id, _batch, error) => void givenUp.push(error),
    },
    inboxes: {
      post: async (inbox, body, account) => {
        posted.push(`${account} ${inbox} ${body}`);
        return answer(inbox);
      },
    },
    clock: { now: () => '2026-05-01T10:00:00.000Z' },
  };
  return { deps, recorded, givenUp, posted };
}

const inbox = (host: string, path = '/inbox'): PendingDelivery => ({ inbox: `https://${host}${path}`, host, attempts: 0 });

describe('one run of a delivery job', () => {
  it('posts the activity as its account to every waiting inbox and records each answer in one write', async () => {
    const { deps, recorded, posted } = setUp([inbox('a.example'), inbox('b.example'), inbox('c.example')], async (url) =>
      url.includes('c.example') ? { status: 410 } : { status: 202 },
    );
    expect(await deliverBatch(deps, batchRef(ACTIVITY, 0), false)).toEqual({ status: 'done' });
    expect(posted.sort()).toEqual([
      '7 https://a.example/inbox {"type":"Create"}',
      '7 https://b.example/inbox {"type":"Create"}',
      '7 https://c.example/inbox {"type":"Create"}',
    ]);
    expect(recorded).toHaveLength(1);
    expect(Object.fromEntries(recorded[0]!.map((outcome) => [outcome.inbox, outcome.verdict]))).toEqual({
      'https://a.example/inbox': 'delivered',
      'https://b.example/inbox': 'delivered',
      'https://c.example/inbox': 'gone',
    });
  });

  it('asks to be run again while some inbox should be retried, and gives those up on its last run', async () => {
    const failing = setUp([inbox('a.example'), inbox('down.example')], async (url) =>
      url.includes('down') ? { status: 503 } : { status: 202 },
    );
    expect(await deliverBatch(failing.deps, batchRef(ACTIVITY, 0), false)).toEqual({
      status: 'retry',
      error: '1 of 2 inboxes to try again (503)',
    });
    expect(failing.givenUp).toEqual([]);
    expect(await deliverBatch(failing.deps, batchRef(ACTIVITY, 0), true)).toMatchObject({ status: 'failed' });
    expect(failing.givenUp).toHaveLength(1);
  });

  it('is done at once for a batch with nothing waiting, and fails a ref that names no batch', async () => {
    const { deps } = setUp([], async () => ({ status: 202 }));
    expect(await deliverBatch(deps, batchRef(ACTIVITY, 0), false)).toEqual({ status: 'done' });
    expect(await deliverBatch(deps, batchRef(ACTIVITY, 3), false)).toEqual({ status: 'done' });
    expect(await deliverBatch(deps, 'nonsense', false)).toMatchObject({ status: 'failed' });
    expect(parseBatchRef(batchRef(ACTIVITY, 12))).toEqual({ activityId: ACTIVITY, batch: 12 });
  });
});

describe('concurrency', () => {
  it('keeps one request at a time per server and many servers at once, so a slow server holds up only its own inboxes', async () => {
    const inFlight = new Map<string, number>();
    let most = 0;
    let mostPerHost = 0;
    const finished: string[] = [];
    const items = [
      ...Array.from({ length: 3 }, (_, i) => ({ host: 'slow.example', id: `slow-${i}` })),
      ...Array.from({ length: 20 }, (_, i) => ({ host: `fast${i}.example`, id: `fast-${i}` })),
    ];
    await eachWithLimits(
      items,
      (item) => item.host,
      8,
      async (item) => {
        inFlight.set(item.host, (inFlight.get(item.host) ?? 0) + 1);
        mostPerHost = Math.max(mostPerHost, inFlight.get(item.host)!);
        most = Math.max(
          most,
          [...inFlight.values()].reduce((a, b) => a + b, 0),
        );
        await new Promise((resolve) => setTimeout(resolve, item.host === 'slow.example' ? 30 : 1));
        inFlight.set(item.host, inFlight.get(item.host)! - 1);
        finished.push(item.id);
      },
    );
    expect(mostPerHost).toBe(1);
    expect(most).toBe(8);
    // Every fast server was done before the slow one's last inbox.
    expect(finished.indexOf('slow-2')).toBe(finished.length - 1);
    expect(finished).toHaveLength(23);
  });
});
