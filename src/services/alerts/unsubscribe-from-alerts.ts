import type { PushSubscriptionRepository } from '../../domain/alerts/ports.ts';

/**
 * DELETE /api/push/subscriptions: the browser turns alerts off. Knowing the endpoint is the right to
 * remove it (it is a capability URL only that browser and this server hold); removing one that is
 * not there is not an error, so turning off twice is fine.
 */
export async function unsubscribeFromAlerts(deps: { pushSubscriptions: PushSubscriptionRepository }, endpoint: string): Promise<void> {
  await deps.pushSubscriptions.removeByEndpoint(endpoint);
}
