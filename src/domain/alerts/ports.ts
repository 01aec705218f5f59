import type { AlertMessage } from './alert.ts';
import type { PushResult } from './delivery.ts';
import type { TopicKey } from './topics.ts';

/** Where a push goes and the keys it is encrypted with (RFC 8291): a browser's subscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 Topic: at most 32 URL-safe base64 characters. */
  topic: string;
  /** The VAPID contact (RFC 8292 `sub`): a mailto: or https: address. */
  contact: string;
}

/**
 * Web Push (adapters/push): encrypts a message for one subscription (RFC 8291, aes128gcm), signs
 * the request for the endpoint's origin (RFC 8292, VAPID) and posts it. Never throws for what the
 * push service answers or for a failed connection: those are results.
 */
export interface PushSender {
  send(target: PushTarget, message: AlertMessage, options: PushOptions): Promise<PushResult>;
}

/** The push adapter's key work: the application server's public key, and whether a browser's key is a point on P-256. */
export interface PushKeys {
  /** The VAPID public key browsers subscribe with (base64url), or null when none is configured. */
  readonly publicKey: string | null;
  isP256PublicKey(p256dh: string): Promise<boolean>;
}

/** Readers' subscriptions, one per endpoint (migrations/0070). */
export interface PushSubscriptionRepository {
  /** Creates the subscription, or replaces the keys and topics of the one with this endpoint, atomically. */
  save(subscription: PushTarget, topics: readonly TopicKey[], now: string): Promise<{ id: number }>;
  /** False when there was none. Its topics go with it; alerts being sent skip it. */
  removeByEndpoint(endpoint: string): Promise<boolean>;
}
