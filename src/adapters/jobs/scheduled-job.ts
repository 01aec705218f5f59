import type { Story } from '../../domain/story/entities.ts';
import { endStaleAlerts, forgetOldRecipients } from '../../services/alerts/end-stale-alerts.ts';
import { publishDueStories } from '../../services/story/scheduled-publishing.ts';
import { pruneExpiredRows } from '../../services/maintenance/prune-expired-rows.ts';
import { requeueStrandedJobs } from '../../services/jobs/requeue-stranded-jobs.ts';
import type { AppDeps } from '../app-deps.ts';
import { startDueSends } from '../../services/newsletters/deliver-send.ts';
import { forgetOldSendRecipients } from '../../services/newsletters/forget-old-recipients.ts';
import type { EdgeCache } from '../http/middleware/edge-cache.ts';
import { tidyFediverse } from '../federation/fediverse-context.ts';
import { tidyMemberships } from '../../services/members/stripe-events.ts';
import { pruneMailRequests } from '../../services/readers/prune-mail-requests.ts';

/**
 * What the worker's `scheduled` handler does every minute (wrangler.toml's Cron Trigger; under
 * `npm start` and in tests the same handler, through wrangler's and the test pool's scheduled
 * events): publish what is due, then refresh every cached public copy when anything was; and prune
 * what has expired.
 *
 * "Now" is the later of the clock and the run's scheduled time, so a run publishes everything due
 * by the time it was meant for, even if it starts early.
 */
export async function runScheduledJob(deps: AppDeps, edgeCache: EdgeCache, scheduledTime: number): Promise<Story[]> {
  const clock = deps.clock.now();
  const scheduled = new Date(scheduledTime).toISOString();
  const published = await publishDueStories(deps, scheduled > clock ? scheduled : clock);
  // What grows with failures and expiries and can no longer be used goes (decision 050): failed
  // sign-ins past the lockout window, expired challenges, reset links, sessions, idempotency keys, uploads.
  await pruneExpiredRows(deps, clock);
  // Reader sign-in links and sessions past their time (decision 081): they can only be refused.
  await Promise.all([deps.readerSignIns.pruneBefore(clock), deps.readers.pruneSessions(clock)]);
  // Subscriptions whose confirmation link expired unfollowed go, or return to unsubscribed; the mail caps
  // forget what is past their windows, and mail requests whose job gave up go.
  await deps.subscriptions.pruneExpiredConfirmations(clock);
  await pruneMailRequests(deps, clock);
  // A scheduled story's newsletter sends start once it is published (decision 083).
  await startDueSends(deps);
  // ...and a month after a send finished, only its figures are kept.
  await forgetOldSendRecipients(deps, clock);
  // The fan-out's jobs whose message was lost or whose runner died get a new message (decision 065).
  await requeueStrandedJobs(deps.jobs, clock);
  // Followers hear of what was published now, and of anything a crash kept from them.
  await tidyFediverse(deps, clock);
  // Alerts that can no longer finish by themselves end once past their TTL (decision 101).
  await endStaleAlerts(deps, clock);
  // ...and a week after an alert is sent, only its figures are kept.
  await forgetOldRecipients(deps, clock);
  // Subscriptions whose period ended without news from Stripe are read again; handled event ids older than 30 days go (decision 093).
  await tidyMemberships(deps);
  if (published.length > 0) {
    console.log(
      `Published ${published.length} scheduled ${published.length === 1 ? 'story' : 'stories'}: ${published.map((story) => story.slug).join(', ')}`,
    );
    await edgeCache.purgeAll();
  }
  return published;
}
