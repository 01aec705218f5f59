import { encryptNotification } from '@block65/webcrypto-web-push';
import type { AlertMessage } from '../../domain/alerts/alert.ts';
import { classifyPushStatus, PUSH_TIMEOUT_SECONDS, type PushResult } from '../../domain/alerts/delivery.ts';
import type { PushKeys, PushOptions, PushSender, PushTarget } from '../../domain/alerts/ports.ts';
import { fromBase64Url } from '../../media/base64.ts';
import type { VapidSigner } from './vapid.ts';

/**
 * Web Push as a Worker sends it (decision 100): the message encrypted for the subscription by
 * @block65/webcrypto-web-push (RFC 8291, aes128gcm, padded to the 4096 bytes every push service
 * takes, so its length says nothing of the text), the request signed by our VapidSigner (RFC 8292),
 * with TTL, Urgency and Topic (RFC 8030), posted with fetch. Redirects are not followed: a push
 * service answers, it does not send us elsewhere.
 */
export class WebPushSender implements PushSender, PushKeys {
  constructor(
    private readonly vapid: VapidSigner | null,
    private readonly clock: () => number = Date.now,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  get publicKey(): string | null {
    return this.vapid?.publicKey ?? null;
  }

  async isP256PublicKey(p256dh: string): Promise<boolean> {
    const point = fromBase64Url(p256dh);
    if (point.length !== 65 || point[0] !== 4) return false;
    try {
      // Importing checks that the point is on the curve.
      await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
      return true;
    } catch {
      return false;
    }
  }

  async send(target: PushTarget, message: AlertMessage, options: PushOptions): Promise<PushResult> {
    if (!this.vapid) throw new Error('Web Push is not configured: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
    const body = await encryptNotification(
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      new TextEncoder().encode(JSON.stringify(message)),
    );
    const headers = {
      Authorization: await this.vapid.authorization(target.endpoint, options.contact, Math.floor(this.clock() / 1000)),
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      TTL: String(options.ttlSeconds),
      Urgency: options.urgency,
      Topic: options.topic,
    };
    let response: Response;
    try {
      response = await this.fetcher(target.endpoint, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_SECONDS * 1000),
      });
    } catch {
      // No answer (refused, reset, timed out): the push service may be down for a moment.
      return { kind: 'retry', status: null, retryAfterSeconds: null };
    }
    await response.body?.cancel();
    return classifyPushStatus(response.status, retryAfterSeconds(response.headers.get('Retry-After'), this.clock()));
  }
}

/** Retry-After as seconds from now: a number of seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function retryAfterSeconds(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
