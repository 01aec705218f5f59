import { describe, expect, it } from 'vitest';
import { JOB_KINDS, JOB_POLICIES, type JobOutcome } from '../../domain/jobs/job.ts';
import { InMemoryJobLedger, RecordingJobQueue } from './in-memory-jobs.test-support.ts';
import { requeueStrandedJobs } from './requeue-stranded-jobs.ts';
import { runJob, type JobHandler, type JobHandlers } from './run-job.ts';
import { startJobs } from './start-jobs.ts';

const T0 = '2026-11-27T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

function setUp() {
  let now = T0;
  const ledger = new InMemoryJobLedger();
  const queue = new RecordingJobQueue();
  const ran: string[] = [];
  let outcome: () => Promise<JobOutcome> = async () => ({
    status: 'done',
  });
  const handler: JobHandler = async (ref) => {
    ran.push(ref);
    return outcome();
  };
  // Every kind runs the same recording handler: the rules under test are the same for all.
  const handlers = Object.fromEntries(JOB_KINDS.map((kind) => [kind, handler])) as JobHandlers;
  const deps = { ledger, clock: { now: () => now }, random: () => 0.5 };
  return {
    ledger,
    queue,
    ran,
    handlers,
    deps,
    setNow: (iso: string) => (now = iso),
    willAnswer: (next: typeof outcome) => (outcome = next),
    start: (ref: string) => startJobs({ ledger, queue }, [{ id: `job-${ref}`, kind: 'picture.derivatives', ref }], now),
  };
}

describe('running a job', () => {
  it('runs it once and marks it done, however often its message comes', async () => {
    const t = setUp();
    await t.start('a');
    expect(t.queue.sent).toEqual([{ jobId: 'job-a', kind: 'picture.derivatives' }]);
    const message = t.queue.sent[0]!;
    expect(await runJob(t.deps, t.handlers, message)).toEqual({ ack: true });
    expect(await runJob(t.deps, t.handlers, message)).toEqual({ ack: true });
    expect(t.ran).toEqual(['a']);
    expect(t.ledger.rows.get('job-a')).toMatchObject({ state: 'done', attempts: 1, finishedAt: T0 });
  });

  it('starts one job per kind and ref', async () => {
    const t = setUp();
    await t.start('a');
    await t.start('a');
    expect(t.queue.sent).toHaveLength(1);
    expect(t.ledger.rows.size).toBe(1);
  });

  it('retries a failed run after a delay that doubles, then gives up after the last attempt', async () => {
    const t = setUp();
    const policy = JOB_POLICIES['picture.derivatives'];
    await t.start('a');
    t.willAnswer(async () => {
      throw new Error('resizer down');
    });
    const delays: number[] = [];
    for (let attempt = 1; attempt < policy.maxAttempts; attempt++) {
      const verdict = await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' });
      expect(verdict).toHaveProperty('retryInSeconds');
      const delay = (verdict as { retryInSeconds: number }).retryInSeconds;
      delays.push(delay);
      expect(t.ledger.rows.get('job-a')).toMatchObject({
        state: 'pending',
        lastError: 'resizer down',
        runAfter: at(delays.reduce((a, b) => a + b, 0)),
      });
      t.setNow(t.ledger.rows.get('job-a')!.runAfter);
    }
    // jitter 0.5 takes three quarters of each full delay: 30, 60, 120, 240 s -> 23, 45, 90, 180.
    expect(delays).toEqual([23, 45, 90, 180]);
    expect(await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' })).toEqual({ ack: true });
    expect(t.ledger.rows.get('job-a')).toMatchObject({ state: 'failed', attempts: policy.maxAttempts, lastError: 'resizer down' });
  });

  it('does not run a job before its retry is due: the message comes back when it is', async () => {
    const t = setUp();
    await t.start('a');
    t.willAnswer(async () => ({ status: 'retry', error: 'busy' }));
    const first = await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' });
    t.setNow(at(5));
    expect(await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' })).toEqual({
      retryInSeconds: (first as { retryInSeconds: number }).retryInSeconds - 5,
    });
    expect(t.ran).toEqual(['a']);
  });

  it('waits at least as long as the service asked before running a retry', async () => {
    const t = setUp();
    await t.start('a');
    t.willAnswer(async () => ({ status: 'retry', error: 'Retry-After: 120', notBeforeSeconds: 120 }));
    expect(await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' })).toEqual({ retryInSeconds: 120 });
    expect(t.ledger.rows.get('job-a')).toMatchObject({ state: 'pending', runAfter: at(120) });
  });

  it('fails a job at once when its handler says there is nothing to retry', async () => {
    const t = setUp();
    await t.start('a');
    t.willAnswer(async () => ({ status: 'failed', error: 'The picture is gone' }));
    expect(await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' })).toEqual({ ack: true });
    expect(t.ledger.rows.get('job-a')).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('leaves a job another runner holds to it', async () => {
    const t = setUp();
    await t.start('a');
    let release!: () => void;
    t.willAnswer(() => new Promise((resolve) => (release = () => resolve({ status: 'done' }))));
    const first = runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' })).toEqual({ ack: true });
    release();
    expect(await first).toEqual({ ack: true });
    expect(t.ran).toEqual(['a']);
  });
});

describe('the minute job', () => {
  it('sends again a job whose message was lost, once it has waited a minute', async () => {
    const t = setUp();
    t.queue.failNext = true;
    await t.start('a');
    expect(t.queue.sent).toEqual([]);
    expect(await requeueStrandedJobs(t, at(30))).toBe(0);
    expect(await requeueStrandedJobs(t, at(60))).toBe(1);
    expect(t.queue.sent).toEqual([{ jobId: 'job-a', kind: 'picture.derivatives' }]);
    // Not again while that message travels.
    expect(await requeueStrandedJobs(t, at(90))).toBe(0);
  });

  it('takes a job back from a runner whose lease ran out; that runner can no longer finish it', async () => {
    const t = setUp();
    await t.start('a');
    let release!: () => void;
    t.willAnswer(() => new Promise((resolve) => (release = () => resolve({ status: 'done' }))));
    const stuck = runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const lease = JOB_POLICIES['picture.derivatives'].leaseSeconds;
    expect(await requeueStrandedJobs(t, at(lease - 1))).toBe(0);
    expect(await requeueStrandedJobs(t, at(lease))).toBe(1);
    t.setNow(at(lease + 1));
    release();
    await stuck;
    expect(t.ledger.rows.get('job-a')).toMatchObject({ state: 'pending', attempts: 1 });
    t.willAnswer(async () => ({ status: 'done' }));
    expect(await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' })).toEqual({ ack: true });
    expect(t.ledger.rows.get('job-a')).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('prunes finished jobs after a week', async () => {
    const t = setUp();
    await t.start('a');
    await runJob(t.deps, t.handlers, { jobId: 'job-a', kind: 'picture.derivatives' });
    await requeueStrandedJobs(t, at(7 * 24 * 3600 - 1));
    expect(t.ledger.rows.size).toBe(1);
    await requeueStrandedJobs(t, at(7 * 24 * 3600 + 1));
    expect(t.ledger.rows.size).toBe(0);
  });
});
