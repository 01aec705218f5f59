import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import { api } from './api.ts';
import { runQueuedJobs } from './jobs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    fediversePeers: string[];
  }
}

/** The test peer's hosts: other fediverse servers played by a process of its own (tests/support/fediverse-peer-setup.ts). */
export function peerHosts(): string[] {
  return inject('fediversePeers');
}

export interface PeerActor {
  name: string;
  id: string;
  keyId: string;
  inbox: string;
  sharedInbox: string | null;
  url: string;
  handle: string;
}

async function control<T>(origin: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/_peer/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`peer ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A person on one of the peer's hosts; `as` changes what their actor document says (when they are first made). */
export function peerActor(
  origin: string,
  name: string,
  as: { inbox?: string; sharedInbox?: string | null; url?: string } = {},
): Promise<PeerActor> {
  return control(origin, 'actors', { name, as });
}

/** What the peer's hosts received, with its own signature checks' verdicts. */
export async function received(
  origin: string,
): Promise<{ host: string; path: string; verified: boolean; reason: string | null; activity: any; status: number; covered: string[] }[]> {
  const all = await control<any[]>(origin, 'received');
  return all.filter((entry) => entry.host === origin);
}

export async function clearReceived(origin: string): Promise<void> {
  await fetch(`${origin}/_peer/received`, { method: 'DELETE' });
}

export function setBehavior(origin: string, behavior: { status?: number; delayMs?: number; failFirst?: number }) {
  return control(origin, 'behavior', behavior);
}

/** The newsroom's server cannot be reached from the peer in these tests: it is told the account's key. */
export async function trustAccount(origin: string, account: string): Promise<void> {
  const actor = await api(`/ap/actors/${account}`, { headers: { Accept: 'application/activity+json' } });
  if (actor.status !== 200) throw new Error(`no actor ${account}: ${actor.status}`);
  const { publicKey } = JSON.parse(actor.text) as { publicKey: { id: string; publicKeyPem: string } };
  await control(origin, 'trust', { keyId: publicKey.id, publicKeyPem: publicKey.publicKeyPem });
}

/** POSTs an activity to one of our inboxes, signed by the peer as the actor (the id and actor are filled in). */
export async function postToInbox(
  actor: PeerActor,
  path: string,
  activity: Record<string, unknown>,
  options: { spec?: 'cavage' | 'rfc9421'; tamper?: (body: string) => string } = {},
) {
  const origin = new URL(actor.id).origin;
  const body = JSON.stringify({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${actor.id}/activities/${crypto.randomUUID()}`,
    actor: actor.id,
    ...activity,
  });
  const headers = await control<Record<string, string>>(origin, 'sign', {
    actor: actor.name,
    method: 'POST',
    url: `http://newsroom.test${path}`,
    body,
    spec: options.spec ?? 'cavage',
  });
  const sent = options.tamper ? options.tamper(body) : body;
  const response = await api(path, { method: 'POST', body: sent, headers: { ...headers, 'content-type': 'application/activity+json' } });
  return { ...response, activity: JSON.parse(body) as Record<string, any> };
}

/** Follows an account from the peer; answers the Follow's id. */
export async function follow(actor: PeerActor, account: string) {
  const sent = await postToInbox(actor, '/ap/inbox', { type: 'Follow', object: `http://newsroom.test/ap/actors/${account}` });
  if (sent.status !== 202) throw new Error(`follow: ${sent.status} ${sent.text}`);
  return sent.activity;
}

/**
 * Runs the fan-out's due jobs through the worker's own queue handler (tests/api/support/jobs.ts), as
 * the consumer does; a delivery told to retry waits for its time (see makeRetriesDue).
 */
export function runDeliveries(): Promise<number> {
  return runQueuedJobs();
}

/** Time passes for the deliveries waiting to retry: they are due now. */
export async function makeRetriesDue(): Promise<void> {
  await env.DB.prepare("UPDATE jobs SET run_after = ?1 WHERE kind = 'federation.delivery' AND state = 'pending'")
    .bind(new Date(Date.now() - 1000).toISOString())
    .run();
}
