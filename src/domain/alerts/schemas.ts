import { z } from 'zod';
import { isPublicHostname, PUSH_ENDPOINT_MAX_LENGTH } from './push-endpoint.ts';
import { TOPIC_PATTERN } from './topics.ts';

/**
 * The shapes of the alerts API (docs/product/api-alerts.md). A subscription's keys are checked here
 * for their form (unpadded base64url of the right length: 65 bytes for the P-256 point, 16 for the
 * secret); that the point is on the curve is checked by the push adapter (PushCrypto).
 */
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const TOPIC_MESSAGE = 'A topic is "breaking" or "beat:" and a beat\'s slug';

/** A topic as the API spells it: `breaking` or `beat:{slug}`. */
export const topicSchema = z.string({ error: TOPIC_MESSAGE }).trim().max(300, { error: TOPIC_MESSAGE }).regex(TOPIC_PATTERN, {
  error: TOPIC_MESSAGE,
});

/** 65 bytes (an uncompressed point: 0x04, x, y) are 87 characters; the 0x04 makes the first one "B". */
const P256_POINT_LENGTH = 87;
/** 16 bytes are 22 characters. */
const AUTH_SECRET_LENGTH = 22;

export const P256DH_MESSAGE = 'p256dh must be an uncompressed P-256 public key (65 bytes, base64url)';
export const AUTH_MESSAGE = 'auth must be a 16-byte secret (base64url)';

/** A key as browsers send it (base64url); padding, which some add, is dropped. */
const base64UrlKey = (length: number, message: string, firstCharacter?: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => value.length === length && BASE64URL.test(value) && (!firstCharacter || value.startsWith(firstCharacter)), {
      error: message,
    });

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .trim()
    .min(1, { error: 'endpoint is required' })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: `A push endpoint is at most ${PUSH_ENDPOINT_MAX_LENGTH} characters` }),
  keys: z.object(
    {
      p256dh: base64UrlKey(P256_POINT_LENGTH, P256DH_MESSAGE, 'B'),
      auth: base64UrlKey(AUTH_SECRET_LENGTH, AUTH_MESSAGE),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** At most this many topics per subscription: breaking news and every beat fit with room to spare. */
export const MAX_TOPICS = 100;
const TOPICS_MESSAGE = 'Choose at least one topic';

/** POST /api/push/subscriptions. Repeated topics count once. */
export const subscribeSchema = z.object({
  subscription: pushSubscriptionSchema,
  topics: z
    .array(topicSchema, { error: TOPICS_MESSAGE })
    .min(1, { error: TOPICS_MESSAGE })
    .max(MAX_TOPICS, { error: `Choose at most ${MAX_TOPICS} topics` })
    .transform((topics) => [...new Set(topics)]),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** DELETE /api/push/subscriptions. */
export const unsubscribeSchema = z.object({ endpoint: pushSubscriptionSchema.shape.endpoint });

/**
 * What a lock screen shows: the title on one or two lines, the text on a few more. The limits also
 * keep the whole message (with the story's address) well inside the 4 kB a push service accepts.
 */
export const ALERT_TITLE_MAX = 150;
export const ALERT_BODY_MAX = 300;

/** Blank means "the story's own": '' and null both become undefined. */
const optionalText = (max: number, what: string) =>
  z
    .string({ error: `The ${what} is text` })
    .nullable()
    .optional()
    .transform((value) => (value == null || value.trim() === '' ? undefined : value.trim()))
    .refine((value) => value === undefined || value.length <= max, { error: `The ${what} must be at most ${max} characters` });

/** POST /api/stories/{id}/alert. */
export const sendAlertSchema = z.object({
  topic: topicSchema,
  title: optionalText(ALERT_TITLE_MAX, 'title'),
  body: optionalText(ALERT_BODY_MAX, 'text'),
});
/** What the route hands the service: the topic, and the words when they are not the story's own. */
export type SendAlertInput = { topic: string; title?: string; body?: string };

/** The `alerts` setting: who push services may write to about our alerts (the VAPID `sub`, RFC 8292 section 2.1). */
export const alertSettingsSchema = z.object({
  contactEmail: z
    .union([z.string(), z.null()], { error: 'Enter an email address' })
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
    .refine((value) => value === null || value.length <= 254, { error: 'An email address is at most 254 characters' })
    .refine((value) => value === null || isContactAddress(value), {
      error: 'Enter an address on a public domain (push services refuse localhost)',
    }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** GET /api/settings/alerts: the address set, and the one alerts go out with (the set one, or the first admin's). */
export interface AlertSettingsView extends AlertSettings {
  /** The VAPID contact alerts are sent with now (mailto:), or null when there is none push services take. */
  contact: string | null;
}

const EMAIL = /^[^\s@]+@([^\s@]+)$/;

/** An address push services will take as a contact: Apple refuses one on localhost (BadJwtToken). */
export function isContactAddress(value: string): boolean {
  const domain = EMAIL.exec(value)?.[1];
  return domain !== undefined && isPublicHostname(domain.toLowerCase());
}
