import type { PushKeys, PushSubscriptionRepository } from '../../domain/alerts/ports.ts';
import { pushEndpointProblem } from '../../domain/alerts/push-endpoint.ts';
import { P256DH_MESSAGE, type SubscribeInput } from '../../domain/alerts/schemas.ts';
import { NotConfiguredError, ValidationError } from '../../domain/errors.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { Clock } from '../../domain/time.ts';
import { topicKeysOf } from './topic-keys.ts';

export interface SubscribeDeps {
  pushSubscriptions: PushSubscriptionRepository;
  pushKeys: PushKeys;
  beats: Pick<BeatRepository, 'list'>;
  clock: Clock;
}

export const ALERTS_NOT_CONFIGURED = () =>
  new NotConfiguredError('alerts_not_configured', 'Alerts are not set up on this server (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)');

/**
 * POST /api/push/subscriptions (docs/product/api-alerts.md): anyone's browser asks for alerts on some
 * topics. The endpoint must be one the server may post to (https on a public host, unless
 * `allowPrivate`), the keys a P-256 point and a 16-byte secret; the same endpoint again replaces its
 * keys and topics.
 */
export async function subscribeToAlerts(
  deps: SubscribeDeps,
  input: SubscribeInput,
  { allowPrivate }: { allowPrivate: boolean },
): Promise<{ id: number; topics: string[] }> {
  if (deps.pushKeys.publicKey === null) throw ALERTS_NOT_CONFIGURED();
  const { endpoint, keys } = input.subscription;
  const problem = pushEndpointProblem(endpoint, allowPrivate);
  if (problem) throw new ValidationError({ 'subscription.endpoint': problem });
  if (!(await deps.pushKeys.isP256PublicKey(keys.p256dh))) throw new ValidationError({ 'subscription.keys.p256dh': P256DH_MESSAGE });
  const topicKeys = await topicKeysOf(deps.beats, input.topics, 'topics');
  const { id } = await deps.pushSubscriptions.save({ endpoint, p256dh: keys.p256dh, auth: keys.auth }, topicKeys, deps.clock.now());
  return { id, topics: input.topics };
}
