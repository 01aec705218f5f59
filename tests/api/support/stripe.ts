import { inject } from 'vitest';
import type { SignedEvent } from '../../../scripts/lib/stripe-stand-in/stripe-stand-in.ts';
import { api, type ApiResponse } from './api.ts';

/**
 * The stand-in of Stripe's API (support/stripe-stand-in-setup.ts) seen from workerd: what Stripe
 * does on its side (a reader pays on the Checkout page, a renewal fails, a refund) through its
 * control calls, each answering the events Stripe would send, signed by the real SDK; and the
 * webhook those events go to.
 */
const origin = () => inject('stripeStandInOrigin');

async function control<T>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${origin()}/_stand_in${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`the Stripe stand-in refused ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

export async function stripeObject<T = Record<string, any>>(id: string): Promise<T> {
  return (await (await fetch(`${origin()}/_stand_in/objects/${id}`)).json()) as T;
}

export async function stripeRequests(): Promise<{ method: string; path: string; body: Record<string, any> }[]> {
  return (await (await fetch(`${origin()}/_stand_in/requests`)).json()) as { method: string; path: string; body: Record<string, any> }[];
}

/** The Checkout session a `url` of ours names (the stand-in's hosted page is {origin}/checkout/{id}). */
export const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;

/** The reader pays on the Checkout page: the events Stripe sends (not yet delivered). */
export const completeCheckout = (sessionId: string, email?: string) =>
  control<{ events: SignedEvent[] }>(`/checkout/${sessionId}/complete`, email ? { email } : {}).then((a) => a.events);

/** A change on Stripe's side (the portal's cancel, a status): its events. */
export const changeSubscription = (id: string, change: Record<string, unknown>) =>
  control<{ events: SignedEvent[] }>(`/subscriptions/${id}`, change).then((a) => a.events);
export const failRenewal = (id: string) => control<{ events: SignedEvent[] }>(`/subscriptions/${id}/fail_payment`).then((a) => a.events);
export const renew = (id: string) => control<{ events: SignedEvent[] }>(`/subscriptions/${id}/renew`).then((a) => a.events);
export const refund = (paymentIntent: string, amount: number) =>
  control<{ events: SignedEvent[] }>('/refunds', { payment_intent: paymentIntent, amount }).then((a) => a.events);

/** Any event, signed by the real SDK: with another secret (forged) or an old timestamp (stale) when asked. */
export const signEvent = (event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) =>
  control<SignedEvent>('/sign', { event, ...options });

/** Delivers one event to the webhook as Stripe would. */
export function deliver(event: Pick<SignedEvent, 'payload' | 'signature'>): Promise<ApiResponse> {
  return api('/api/stripe/webhook', {
    method: 'POST',
    body: event.payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
  });
}

export async function deliverAll(events: SignedEvent[]): Promise<void> {
  for (const event of events) {
    const res = await deliver(event);
    if (res.status !== 200) throw new Error(`the webhook refused ${event.type}: ${res.status} ${res.text}`);
  }
}
