import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ClaimedJob } from '../../src/domain/jobs/job.ts';
import { deps } from './support/api.ts';
import { deliverJobMessages } from './support/jobs.ts';

/** Decision 065: the fan-out's ledger in D1, and the worker's queue handler over it. */
const ledger = deps.jobs.ledger;
const T0 = '2026-11-27T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
let n = 0;
const newJob = () => ({ id: `job-${++n}-${crypto.randomUUID()}`, kind: 'picture.derivatives' as const, ref: `images/ref-${n}.webp` });
const rowOf = (id: string) =>
  env.DB.prepare('SELECT state, attempts, run_after, lease_until, last_error FROM jobs WHERE id = ?').bind(id).first();

describe('the jobs ledger in D1', () => {
  it('creates one job per kind and ref, also when many are written at once', async () => {
    const jobs = Array.from({ length: 40 }, newJob);
    expect(await ledger.create(jobs, T0)).toHaveLength(40);
    expect(await ledger.create([...jobs.slice(0, 5), { ...jobs[0]!, id: 'another-id' }], T0)).toEqual([]);
  });

  it('gives a job to exactly one of many runners that claim it at once', async () => {
    const [job] = await ledger.create([newJob()], T0);
    const claims = await Promise.all(Array.from({ length: 12 }, () => ledger.claim(job!.id, at(1), at(301))));
    expect(claims.filter((claim) => 'claimed' in claim)).toHaveLength(1);
    expect(claims.filter((claim) => 'gone' in claim)).toHaveLength(11);
    expect(await rowOf(job!.id)).toMatchObject({ state: 'running', attempts: 1, lease_until: at(301) });
  });

  it('keeps a job waiting for its retry until it is due, and says when that is', async () => {
    const [job] = await ledger.create([newJob()], T0);
    const claim = await ledger.claim(job!.id, T0, at(300));
    await ledger.retryLater((claim as { claimed: ClaimedJob }).claimed, at(60), 'busy');
    expect(await ledger.claim(job!.id, at(30), at(330))).toEqual({ notDue: at(60) });
    expect(await ledger.claim(job!.id, at(60), at(360))).toMatchObject({ claimed: { attempt: 2 } });
  });

  it('takes back a job whose runner outlived its lease, and ignores that runner’s late answer', async () => {
    const [job] = await ledger.create([newJob()], T0);
    const first = ((await ledger.claim(job!.id, T0, at(300))) as { claimed: ClaimedJob }).claimed;
    expect(await ledger.takeStranded(at(299), at(239), 100)).not.toContainEqual({ jobId: job!.id, kind: job!.kind });
    expect(await ledger.takeStranded(at(300), at(240), 100)).toContainEqual({ jobId: job!.id, kind: job!.kind });
    await ledger.complete(first, at(301));
    expect(await rowOf(job!.id)).toMatchObject({ state: 'pending', attempts: 1, run_after: at(300) });
    const second = ((await ledger.claim(job!.id, at(302), at(602))) as { claimed: ClaimedJob }).claimed;
    await ledger.complete(second, at(303));
    expect(await rowOf(job!.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('sends again a pending job whose message is a minute late, and not again while the new one travels', async () => {
    const [job] = await ledger.create([newJob()], T0);
    expect(await ledger.takeStranded(at(59), at(-1), 100)).not.toContainEqual({ jobId: job!.id, kind: job!.kind });
    expect(await ledger.takeStranded(at(60), at(0), 100)).toContainEqual({ jobId: job!.id, kind: job!.kind });
    expect(await ledger.takeStranded(at(90), at(30), 100)).not.toContainEqual({ jobId: job!.id, kind: job!.kind });
  });

  it('prunes finished jobs only', async () => {
    const [done, failed, waiting] = await ledger.create([newJob(), newJob(), newJob()], T0);
    await ledger.complete(((await ledger.claim(done!.id, T0, at(60))) as { claimed: ClaimedJob }).claimed, at(1));
    await ledger.fail(((await ledger.claim(failed!.id, T0, at(60))) as { claimed: ClaimedJob }).claimed, at(1), 'gone');
    expect(await ledger.pruneFinished(at(2))).toBeGreaterThanOrEqual(2);
    expect(await rowOf(done!.id)).toBeNull();
    expect(await rowOf(failed!.id)).toBeNull();
    expect(await rowOf(waiting!.id)).toMatchObject({ state: 'pending' });
  });
});

describe('the worker’s queue handler', () => {
  it('drops messages that name no job, and messages of jobs that are finished or unknown', async () => {
    const result = await deliverJobMessages([
      { jobId: 'no-such-job', kind: 'picture.derivatives' },
      { nonsense: true } as never,
      { jobId: 'x', kind: 'no.such.kind' } as never,
    ]);
    expect(result.explicitAcks).toHaveLength(3);
    expect(result.retryMessages).toEqual([]);
  });

  it('gives a message back to the queue, delayed until its job is due', async () => {
    const now = Date.now();
    const [job] = await ledger.create([newJob()], new Date(now).toISOString());
    const claimed = (
      (await ledger.claim(job!.id, new Date(now).toISOString(), new Date(now + 300_000).toISOString())) as { claimed: ClaimedJob }
    ).claimed;
    await ledger.retryLater(claimed, new Date(now + 120_000).toISOString(), 'busy');
    const result = await deliverJobMessages([{ jobId: job!.id, kind: job!.kind }]);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.retryMessages[0]!.delaySeconds).toBeGreaterThan(100);
    expect(result.retryMessages[0]!.delaySeconds).toBeLessThanOrEqual(120);
  });
});
