import type { ClaimedJob, JobMessage, JobState, NewJob } from '../../domain/jobs/job.ts';
import type { JobClaim, JobLedger, JobQueue } from '../../domain/jobs/ports.ts';

interface Row extends NewJob {
  state: JobState;
  attempts: number;
  runAfter: string;
  leaseUntil: string | null;
  lastError: string | null;
  finishedAt: string | null;
}

/** The ledger's rules in memory, for the services' fast tests (the D1 ledger is tested against D1 in tests/api/jobs.test.ts). */
export class InMemoryJobLedger implements JobLedger {
  readonly rows = new Map<string, Row>();

  async create(jobs: readonly NewJob[], now: string): Promise<NewJob[]> {
    const created: NewJob[] = [];
    for (const job of jobs) {
      if ([...this.rows.values()].some((row) => row.kind === job.kind && row.ref === job.ref)) continue;
      this.rows.set(job.id, { ...job, state: 'pending', attempts: 0, runAfter: now, leaseUntil: null, lastError: null, finishedAt: null });
      created.push(job);
    }
    return created;
  }

  async claim(id: string, now: string, leaseUntil: string): Promise<JobClaim> {
    const row = this.rows.get(id);
    if (!row || row.state === 'done' || row.state === 'failed') return { gone: true };
    if (row.state === 'running' && (row.leaseUntil ?? '') > now) return { gone: true };
    if (row.runAfter > now) return { notDue: row.runAfter };
    Object.assign(row, { state: 'running', attempts: row.attempts + 1, leaseUntil });
    return { claimed: { id, kind: row.kind, ref: row.ref, attempt: row.attempts, leaseUntil } };
  }

  private held(job: ClaimedJob): Row | null {
    const row = this.rows.get(job.id);
    return row && row.state === 'running' && row.attempts === job.attempt ? row : null;
  }

  async complete(job: ClaimedJob, now: string) {
    const row = this.held(job);
    if (row) Object.assign(row, { state: 'done', leaseUntil: null, lastError: null, finishedAt: now });
  }

  async retryLater(job: ClaimedJob, runAfter: string, error: string) {
    const row = this.held(job);
    if (row) Object.assign(row, { state: 'pending', leaseUntil: null, runAfter, lastError: error });
  }

  async fail(job: ClaimedJob, now: string, error: string) {
    const row = this.held(job);
    if (row) Object.assign(row, { state: 'failed', leaseUntil: null, lastError: error, finishedAt: now });
  }

  async takeStranded(now: string, unclaimedBefore: string, limit: number): Promise<JobMessage[]> {
    const stranded = [...this.rows.values()]
      .filter(
        (row) => (row.state === 'pending' && row.runAfter <= unclaimedBefore) || (row.state === 'running' && (row.leaseUntil ?? '') <= now),
      )
      .sort((a, b) => a.runAfter.localeCompare(b.runAfter))
      .slice(0, limit);
    for (const row of stranded) Object.assign(row, { state: 'pending', leaseUntil: null, runAfter: now });
    return stranded.map((row) => ({ jobId: row.id, kind: row.kind }));
  }

  async pruneFinished(before: string): Promise<number> {
    let pruned = 0;
    for (const [id, row] of this.rows)
      if (row.finishedAt !== null && row.finishedAt < before) {
        this.rows.delete(id);
        pruned++;
      }
    return pruned;
  }
}

/** A queue that keeps what it is sent. */
export class RecordingJobQueue implements JobQueue {
  readonly sent: JobMessage[] = [];
  failNext = false;

  async send(messages: readonly JobMessage[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('The queue is unreachable');
    }
    this.sent.push(...messages);
  }
}
