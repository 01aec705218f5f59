/**
 * The stream object's side of the viewer count (docs/decisions/025-live-delivery-over-http-segments.md):
 * each worker isolate serving viewers reports how many distinct viewers it saw lately, on the
 * requests it makes anyway; the total is the sum of each isolate's latest report, forgetting
 * isolates that stopped reporting.
 */

export interface ViewerReport {
  /** A random id the isolate picked when it started. */
  isolate: string;
  viewers: number;
}

/** An isolate reports at least this often while it has viewers (ViewerSightings.REPORT_EVERY_MS is less). */
export const REPORT_EXPIRES_MS = 15_000;
/** Bounds the memory a flood of made-up isolate ids could take. */
const MAX_ISOLATES = 10_000;

export class ViewerTally {
  private readonly reports = new Map<string, { viewers: number; at: number }>();

  report(report: ViewerReport, now: number): void {
    this.reports.delete(report.isolate);
    if (report.viewers > 0) this.reports.set(report.isolate, { viewers: report.viewers, at: now });
    while (this.reports.size > MAX_ISOLATES) this.reports.delete(this.reports.keys().next().value!);
  }

  total(now: number): number {
    let total = 0;
    for (const [isolate, { viewers, at }] of this.reports) {
      if (now - at > REPORT_EXPIRES_MS) this.reports.delete(isolate);
      else total += viewers;
    }
    return total;
  }
}
