import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import type { Answer, ReceivedPush, ReceivedSubscription } from '../../../scripts/lib/push-receiver/push-receiver.ts';

/**
 * The push receiver of this run (support/push-receiver-setup.ts) seen from workerd: browsers that
 * subscribe with the test VAPID key, and what reached each of them, decrypted.
 */
const origin = () => inject('pushReceiverOrigin');

/** The test VAPID public key (vitest.config.ts's bindings). */
export const vapidPublicKey = (env as unknown as { VAPID_PUBLIC_KEY: string }).VAPID_PUBLIC_KEY;

export async function receiverSubscription(options: { answer?: Answer; failFirst?: number[] } = {}): Promise<ReceivedSubscription> {
  const res = await fetch(`${origin()}/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey: vapidPublicKey, ...options }),
  });
  if (res.status !== 201) throw new Error(`the push receiver refused a subscription: ${res.status}`);
  return (await res.json()) as ReceivedSubscription;
}

export async function receivedPushes(subscription: Pick<ReceivedSubscription, 'id'>): Promise<ReceivedPush[]> {
  return (await (await fetch(`${origin()}/subscriptions/${subscription.id}/messages`)).json()) as ReceivedPush[];
}

/** The body of POST /api/push/subscriptions for a subscription of the receiver's. */
export function subscribeBody(subscription: Pick<ReceivedSubscription, 'endpoint' | 'keys'>, topics: string[] = ['breaking']) {
  return { subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, topics };
}
