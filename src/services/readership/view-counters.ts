import type { ViewCounterStats } from '../../domain/readership/readership.ts';
import type { ViewCounter } from '../../domain/readership/ports.ts';

/** GET /api/analytics/counters (admins): what the view counters have flushed to D1, by D1's own count (npm run bench:views reads it). */
export async function viewCounterStats(deps: { views: Pick<ViewCounter, 'stats'> }): Promise<ViewCounterStats> {
  return deps.views.stats();
}
