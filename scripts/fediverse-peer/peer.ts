import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import { signCavage, signRfc9421, verifyCavage, type CavageVerdict } from './http-signatures.ts';
import { renderTimeline, type Received } from './timeline.ts';

/**
 * Other fediverse servers, played by one process for tests and the benchmark: each host (an address
 * and port of its own) has people with their own keys, a shared inbox and personal inboxes, and
 * checks every request it receives with its own HTTP-signature code (http-signatures.ts), fetching
 * the signer's key as Mastodon does. Hosts can be told to answer slowly or with an error. A small
 * control API (under /_peer/) lets a test make people, sign or send activities as them, and read
 * what arrived.
 */

export interface PeerActor {
  name: string;
  id: string;
  keyId: string;
  inbox: string;
  /** Null: the actor names no shared inbox. */
  sharedInbox: string | null;
  /** Their profile page (their id unless told otherwise). */
  url: string;
  handle: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface Behavior {
  /** The status inbox POSTs get (202 by default). */
  status: number;
  /** Milliseconds to wait before answering an inbox POST. */
  delayMs: number;
  /** Answer `status` only this many times, then 202 (0: always `status`). */
  failFirst: number;
}

interface Host {
  origin: string;
  server: Server;
  actors: Map<string, PeerActor>;
  behavior: Behavior;
  answered: number;
}

const ACTIVITY_JSON = 'application/activity+json';
const DEFAULT_BEHAVIOR: Behavior = { status: 202, delayMs: 0, failFirst: 0 };

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

export class FediversePeer {
  readonly received: Received[] = [];
  private readonly hosts = new Map<string, Host>();
  private readonly keys = new Map<string, string>();
  /** Actor documents fetched for their keys: what the timeline names people by. */
  private readonly documents = new Map<string, { name?: string; preferredUsername?: string }>();

  /** One key pair for everyone, when the peer plays thousands of people (a 2048-bit key takes ~50 ms to make). */
  private shared: { privateKeyPem: string; publicKeyPem: string } | null = null;

  private constructor(private readonly sharedKeys: boolean) {}

  /** Starts one host per address ("127.0.0.2:9030"); port 0 picks a free one. */
  static async start(addresses: readonly { host: string; port: number }[], { sharedKeys = false } = {}): Promise<FediversePeer> {
    const peer = new FediversePeer(sharedKeys);
    for (const address of addresses) await peer.listen(address.host, address.port);
    return peer;
  }

  get origins(): string[] {
    return [...this.hosts.keys()];
  }

  private async listen(ip: string, port: number): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(host, request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, ip, () => resolve());
    });
    const bound = server.address();
    const origin = `http://${ip}:${typeof bound === 'object' && bound ? bound.port : port}`;
    const host: Host = { origin, server, actors: new Map(), behavior: { ...DEFAULT_BEHAVIOR }, answered: 0 };
    this.hosts.set(origin, host);
  }

  async close(): Promise<void> {
    await Promise.all([...this.hosts.values()].map((host) => new Promise((resolve) => host.server.close(resolve))));
  }

  /**
   * A person on the host, made once (with an RSA key pair of their own). `as` changes what their
   * actor document says (an inbox elsewhere, no shared inbox, another profile page) when they are made.
   */
  actor(origin: string, name: string, as: { inbox?: string; sharedInbox?: string | null; url?: string } = {}): PeerActor {
    const host = this.hosts.get(origin);
    if (!host) throw new Error(`no host ${origin}`);
    const known = host.actors.get(name);
    if (known) return known;
    const keys = (this.sharedKeys && this.shared) || newKeyPair();
    if (this.sharedKeys) this.shared = keys;
    const id = `${origin}/users/${name}`;
    const actor: PeerActor = {
      name,
      id,
      keyId: `${id}#main-key`,
      inbox: as.inbox ?? `${id}/inbox`,
      sharedInbox: as.sharedInbox === undefined ? `${origin}/inbox` : as.sharedInbox,
      url: as.url ?? id,
      handle: `@${name}@${new URL(origin).host}`,
      ...keys,
    };
    host.actors.set(name, actor);
    return actor;
  }

  setBehavior(origin: string, behavior: Partial<Behavior>): void {
    const host = this.hosts.get(origin);
    if (!host) throw new Error(`no host ${origin}`);
    host.behavior = { ...DEFAULT_BEHAVIOR, ...behavior };
    host.answered = 0;
  }

  /** A key the peer should use for a keyId without fetching it (a test whose server it cannot reach). */
  trust(keyId: string, publicKeyPem: string): void {
    this.keys.set(keyId, publicKeyPem);
  }

  /** Headers that sign a request as the actor. */
  sign(actor: PeerActor, request: { method: string; url: string; body?: string }, spec: 'cavage' | 'rfc9421' = 'cavage', date?: Date) {
    const headers = { 'content-type': ACTIVITY_JSON, accept: ACTIVITY_JSON };
    const key = { keyId: actor.keyId, privateKeyPem: actor.privateKeyPem };
    return spec === 'cavage' ? signCavage({ ...request, headers }, key, date) : signRfc9421({ ...request, headers }, key, date);
  }

  /** Sends an activity to an inbox as the actor, signed; the activity gets an id and the actor if it has none. */
  async deliver(actor: PeerActor, inbox: string, activity: Record<string, unknown>, spec: 'cavage' | 'rfc9421' = 'cavage') {
    const body = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${actor.id}/activities/${randomUUID()}`,
      actor: actor.id,
      ...activity,
    });
    const headers = this.sign(actor, { method: 'POST', url: inbox, body }, spec);
    const response = await fetch(inbox, { method: 'POST', headers, body });
    return { status: response.status, text: await response.text(), body: JSON.parse(body) as Record<string, unknown> };
  }

  private async keyFor(keyId: string): Promise<string | null> {
    const known = this.keys.get(keyId);
    if (known) return known;
    const response = await fetch(keyId.split('#')[0]!, { headers: { Accept: ACTIVITY_JSON } });
    if (!response.ok) return null;
    const document = (await response.json()) as {
      id?: string;
      name?: string;
      preferredUsername?: string;
      publicKey?: { id?: string; publicKeyPem?: string } | { id?: string; publicKeyPem?: string }[];
    };
    if (document.id) this.documents.set(document.id, document);
    const keys = Array.isArray(document.publicKey) ? document.publicKey : document.publicKey ? [document.publicKey] : [];
    const pem = keys.find((key) => key.id === keyId)?.publicKeyPem ?? null;
    if (pem) this.keys.set(keyId, pem);
    return pem;
  }

  /** How the timeline names someone: as their actor document does (display name, @user@host). */
  nameOf(actorId: string): { name: string; handle: string } {
    const document = this.documents.get(actorId);
    const host = new URL(actorId).host;
    return { name: document?.name ?? actorId, handle: document?.preferredUsername ? `@${document.preferredUsername}@${host}` : host };
  }

  private async handle(host: Host, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', host.origin);
    const path = url.pathname;
    if (path.startsWith('/_peer/')) return this.control(host, url, request, response);

    if (request.method === 'GET' && path === '/.well-known/webfinger') {
      const name = /^acct:([^@]+)@/.exec(url.searchParams.get('resource') ?? '')?.[1];
      const actor = name ? host.actors.get(name) : undefined;
      if (!actor) return send(response, 404, { error: 'no such account' });
      return send(
        response,
        200,
        { subject: `acct:${actor.name}@${url.host}`, links: [{ rel: 'self', type: ACTIVITY_JSON, href: actor.id }] },
        'application/jrd+json',
      );
    }
    const person = /^\/users\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && person) {
      const actor = host.actors.get(person[1]!);
      if (!actor) return send(response, 404, { error: 'no such actor' });
      return send(response, 200, actorDocument(actor), ACTIVITY_JSON);
    }
    if (request.method === 'GET' && path === '/_timeline') {
      const html = renderTimeline(
        this.received.filter((entry) => entry.host === host.origin),
        (id) => this.nameOf(id),
      );
      return send(response, 200, html, 'text/html; charset=utf-8');
    }

    const inbox = path === '/inbox' || /^\/users\/[^/]+\/inbox$/.test(path);
    if (request.method === 'POST' && inbox) {
      const body = await readText(request);
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
      );
      const verdict: CavageVerdict = await verifyCavage({ method: 'POST', path: `${path}${url.search}`, headers, body }, (keyId) =>
        this.keyFor(keyId),
      );
      let activity: Record<string, unknown> | null;
      try {
        activity = JSON.parse(body) as Record<string, unknown>;
      } catch {
        activity = null;
      }
      // The signer must be the activity's actor (their key's document is the actor).
      const signer = verdict.keyId?.split('#')[0];
      const ownsIt = verdict.verified && activity !== null && signer === activity.actor;
      const { behavior } = host;
      host.answered += 1;
      const failing = behavior.status >= 300 && (behavior.failFirst === 0 || host.answered <= behavior.failFirst);
      const status = failing ? behavior.status : ownsIt ? 202 : 401;
      if (behavior.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, behavior.delayMs));
      this.received.push({
        host: host.origin,
        path,
        shared: path === '/inbox',
        verified: ownsIt,
        reason: ownsIt ? null : (verdict.reason ?? 'the signer is not the actor'),
        keyId: verdict.keyId,
        covered: verdict.covered,
        activity,
        status,
        at: Date.now(),
      });
      return send(response, status, status < 300 ? '' : { error: failing ? 'told to fail' : verdict.reason });
    }
    return send(response, 404, { error: 'not found' });
  }

  private async control(host: Host, url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = request.method === 'POST' ? (JSON.parse((await readText(request)) || '{}') as Record<string, unknown>) : {};
    const route = `${request.method} ${url.pathname}`;
    const actorNamed = (name: unknown) => this.actor(host.origin, String(name));
    switch (route) {
      case 'POST /_peer/actors': {
        const as = (body.as ?? {}) as { inbox?: string; sharedInbox?: string | null; url?: string };
        const { privateKeyPem: _secret, ...shown } = this.actor(host.origin, String(body.name), as);
        return send(response, 200, shown);
      }
      case 'POST /_peer/sign':
        return send(
          response,
          200,
          this.sign(actorNamed(body.actor), body as { method: string; url: string; body?: string }, (body.spec as 'cavage') ?? 'cavage'),
        );
      case 'POST /_peer/send':
        return send(
          response,
          200,
          await this.deliver(
            actorNamed(body.actor),
            String(body.inbox),
            body.activity as Record<string, unknown>,
            (body.spec as 'cavage') ?? 'cavage',
          ),
        );
      case 'POST /_peer/behavior':
        this.setBehavior(host.origin, body as Partial<Behavior>);
        return send(response, 200, host.behavior);
      case 'POST /_peer/trust':
        this.trust(String(body.keyId), String(body.publicKeyPem));
        return send(response, 200, {});
      case 'GET /_peer/received': {
        // ?type=Create&since=<ms> narrows it down (the benchmark's hosts receive thousands of Accepts).
        const type = url.searchParams.get('type');
        const since = Number(url.searchParams.get('since') ?? 0);
        return send(
          response,
          200,
          this.received.filter((entry) => entry.at >= since && (type === null || entry.activity?.type === type)),
        );
      }
      case 'DELETE /_peer/received':
        this.received.length = 0;
        return send(response, 200, {});
      default:
        return send(response, 404, { error: `no control ${route}` });
    }
  }
}

function newKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function actorDocument(actor: PeerActor) {
  return {
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id: actor.id,
    type: 'Person',
    preferredUsername: actor.name,
    name: actor.name.replace(/(^|[-_.])(\w)/g, (_m, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`),
    url: actor.url,
    inbox: actor.inbox,
    outbox: `${actor.id}/outbox`,
    followers: `${actor.id}/followers`,
    ...(actor.sharedInbox === null ? {} : { endpoints: { sharedInbox: actor.sharedInbox } }),
    publicKey: { id: actor.keyId, owner: actor.id, publicKeyPem: actor.publicKeyPem },
  };
}
