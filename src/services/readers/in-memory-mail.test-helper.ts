import type { NewJob } from '../../domain/jobs/job.ts';
import type { JobQueue } from '../../domain/jobs/ports.ts';
import type { MailAllowanceKind, MailAllowances } from '../../domain/mail/allowance.ts';
import { MAIL_REQUEST_JOBS, type MailRequest, type MailRequests } from '../../domain/readers/mail-requests.ts';

/** The mail caps in memory, with the D1 adapter's rule (at most `limit` taken after `since`). */
export class InMemoryMailAllowances implements MailAllowances {
  readonly taken: { kind: MailAllowanceKind; subject: string; at: string }[] = [];
  async take(kind: MailAllowanceKind, subject: string, window: { limit: number; since: string }, now: string) {
    const inWindow = this.taken.filter((row) => row.kind === kind && row.subject === subject && row.at > window.since).length;
    if (inWindow >= window.limit) return false;
    this.taken.push({ kind, subject, at: now });
    return true;
  }
  async pruneBefore(before: string) {
    this.taken.splice(0, this.taken.length, ...this.taken.filter((row) => row.at > before));
  }
}

/** Mail requests in memory; `jobs` are what the fan-out would run, `queue` what it was sent. */
export class InMemoryMailRequests implements MailRequests {
  readonly requests = new Map<number, MailRequest>();
  readonly jobs: NewJob[] = [];
  readonly queue: JobQueue & { sent: string[] } = {
    sent: [],
    send: async (messages) => void this.queue.sent.push(...messages.map((m) => m.jobId)),
  };
  private nextId = 1;

  async enqueue(request: Omit<MailRequest, 'id' | 'createdAt'>, jobId: string, now: string) {
    const id = this.nextId++;
    this.requests.set(id, { ...request, id, createdAt: now });
    const job: NewJob = { id: jobId, kind: MAIL_REQUEST_JOBS[request.kind], ref: String(id) };
    this.jobs.push(job);
    return [job];
  }
  async find(id: number) {
    return this.requests.get(id) ?? null;
  }
  async remove(id: number) {
    this.requests.delete(id);
  }
  async pruneBefore(before: string) {
    for (const [id, request] of this.requests) if (request.createdAt <= before) this.requests.delete(id);
  }

  /** Runs every job not run yet through `run`, as the fan-out would. */
  async runJobs(run: (ref: string) => Promise<unknown>): Promise<void> {
    for (const job of this.jobs.splice(0)) await run(job.ref);
  }
}
