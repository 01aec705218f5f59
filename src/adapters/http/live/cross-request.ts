/**
 * One request waiting on work another request does: the heart of the live fan-out (one upstream
 * request per URL per isolate, shared by every viewer asking meanwhile).
 *
 * A request here never awaits a promise that another request settles. workerd runs the
 * continuation of such a promise in the settling request's context and sees the waiting request
 * with nothing of its own pending: it cancels it as hung ("would never generate a response") or
 * ends its streamed body short. Measured on the served build with 1,000 viewers: thousands of
 * cancellations and bodies cut at what was buffered when the viewer joined, even with a timer kept
 * beside the await (tests/e2e/live-fan-out.e2e.ts). So the waiter looks at shared memory on timers
 * of its own; the price is up to one interval of delay and a cheap wake-up per interval.
 */

/** How often a waiting request looks again. */
export const POLL_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once `ready()` holds, looking every POLL_MS on this request's own timers. */
export async function pollUntil(ready: () => boolean): Promise<void> {
  while (!ready()) await sleep(POLL_MS);
}

/** A promise whose outcome other requests read without awaiting it. */
export class Shared<T> {
  private outcome: { ok: true; value: T } | { ok: false; error: unknown } | null = null;

  constructor(readonly promise: Promise<T>) {
    promise.then(
      (value) => (this.outcome = { ok: true, value }),
      (error: unknown) => (this.outcome = { ok: false, error }),
    );
  }

  /**
   * The outcome, for a request other than the one doing the work: looked for after 5 ms, then
   * less often (to POLL_MS), since thousands may wait on one outcome.
   */
  async result(): Promise<T> {
    for (let wait = 5; this.outcome === null; wait = Math.min(POLL_MS, wait * 2)) await sleep(wait);
    const outcome = this.outcome!;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }
}
