import type { JobMessage } from '../../domain/jobs/job.ts';
import type { JobQueue } from '../../domain/jobs/ports.ts';

/** Cloudflare Queues takes at most 100 messages per sendBatch. */
const MESSAGES_PER_SEND = 100;

/** The fan-out's queue (wrangler.toml: binding JOBS): small messages naming jobs in the ledger. */
export class CloudflareJobQueue implements JobQueue {
  constructor(private readonly queue: Queue<JobMessage>) {}

  async send(messages: readonly JobMessage[], options: { delaySeconds?: number } = {}): Promise<void> {
    for (let start = 0; start < messages.length; start += MESSAGES_PER_SEND) {
      const chunk = messages.slice(start, start + MESSAGES_PER_SEND);
      await this.queue.sendBatch(
        chunk.map((body) => ({ body, contentType: 'json' as const })),
        options.delaySeconds ? { delaySeconds: options.delaySeconds } : undefined,
      );
    }
  }
}
