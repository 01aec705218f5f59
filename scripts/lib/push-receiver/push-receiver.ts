import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptPushMessage, newUserAgentKeys, type UserAgentKeys } from './decrypt.ts';
import { checkVapid, type VapidClaims } from './vapid-check.ts';

/**
 * A push service and the browsers behind it, on this machine (the brief: services we cannot reach
 * are tested at their protocol boundary against a real local stand-in). It makes subscriptions as a
 * browser would (its own P-256 key pair and auth secret, bound to the application server's key), and
 * takes messages at their endpoints as a push service would (RFC 8030): it checks the headers and
 * the VAPID token (RFC 8292, vapid-check.ts), decrypts the body (RFC 8291, with http_ece) and keeps
 * what it read. Nothing in it shares code with the server's push adapter.
 *
 * Its endpoints are http://127.0.0.1:{port}/push/{id}: the server posts to them only with
 * PUSH_ALLOW_PRIVATE=1. A subscription can be told to answer 404 or 410 (gone), or to fail the first
 * tries with 429 or 5xx, to exercise the server's removals and retries.
 *
 * In-process users (the bench, the e2e run) call `subscribe()`; code in workerd (the API tests) uses
 * its HTTP API: POST /subscriptions {applicationServerKey, answer?, failFirst?}, GET
 * /subscriptions/{id}/messages.
 */

/** How a subscription answers pushes: as a live browser (201), or as one that is gone. */
export type Answer = 'deliver' | 'gone' | 'not-found';

export interface SubscribeOptions {
  /** The application server's VAPID public key the browser subscribed with (base64url). */
  applicationServerKey: string;
  answer?: Answer;
  /** Statuses the first tries get before it delivers (429 comes with Retry-After: 1). */
  failFirst?: number[];
}

export interface ReceivedSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A message the receiver decrypted, with the headers it came with. */
export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted body, parsed as JSON when it is JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  contentEncoding: string;
  bodyBytes: number;
  vapid: VapidClaims;
  receivedAt: number;
}

export interface RejectedPush {
  subscriptionId: string;
  status: number;
  reason: string;
}

interface Subscription extends ReceivedSubscription {
  keysPair: UserAgentKeys;
  applicationServerKey: string;
  answer: Answer;
  failFirst: number[];
  tries: number;
  messages: ReceivedPush[];
}

/** RFC 8030 section 7.2: a push service must take at least 4096 octets; ours takes no more, so the server proves it stays within. */
const MAX_BODY_BYTES = 4096;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

export class PushReceiver {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly listeners: ((push: ReceivedPush) => void)[] = [];
  private nextId = 1;
  readonly rejected: RejectedPush[] = [];
  /** Every request to a push endpoint (answered or not), for the bench's count of retries. */
  pushRequests = 0;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly origin: string,
  ) {}

  static async start(port = 0): Promise<PushReceiver> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const receiver = new PushReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req, res) => {
      receiver.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
    return receiver;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Subscribes a new browser: the keys it would give the page, and the endpoint a server pushes to. */
  subscribe(options: SubscribeOptions): ReceivedSubscription {
    const id = `s${this.nextId++}`;
    const keysPair = newUserAgentKeys();
    const subscription: Subscription = {
      id,
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: keysPair.p256dh, auth: keysPair.auth },
      keysPair,
      applicationServerKey: options.applicationServerKey,
      answer: options.answer ?? 'deliver',
      failFirst: [...(options.failFirst ?? [])],
      tries: 0,
      messages: [],
    };
    this.subscriptions.set(id, subscription);
    return { id, endpoint: subscription.endpoint, keys: subscription.keys };
  }

  messages(id: string): ReceivedPush[] {
    return this.subscriptions.get(id)?.messages ?? [];
  }

  /** Every subscription's messages, by subscription id. */
  allMessages(): Map<string, ReceivedPush[]> {
    return new Map([...this.subscriptions].map(([id, subscription]) => [id, subscription.messages]));
  }

  /** Called with each message as it is read (the e2e run hands it on to the browser's service worker). */
  onPush(listener: (push: ReceivedPush) => void): void {
    this.listeners.push(listener);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const push = /^\/push\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && push) return this.takePush(push[1]!, req, res);
    if (req.method === 'POST' && url.pathname === '/subscriptions') {
      const options = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) as SubscribeOptions;
      return sendJson(res, 201, this.subscribe(options));
    }
    const messages = /^\/subscriptions\/([\w-]+)\/messages$/.exec(url.pathname);
    if (req.method === 'GET' && messages) return sendJson(res, 200, this.messages(messages[1]!));
    if (req.method === 'GET' && url.pathname === '/rejected') return sendJson(res, 200, this.rejected);
    res.writeHead(404).end();
  }

  private async takePush(id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.pushRequests += 1;
    const body = await readBody(req, MAX_BODY_BYTES + 1);
    const subscription = this.subscriptions.get(id);
    const refuse = (status: number, reason: string) => {
      this.rejected.push({ subscriptionId: id, status, reason });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    if (!subscription || subscription.answer === 'not-found') return refuse(404, 'no such subscription');
    if (subscription.answer === 'gone') return refuse(410, 'the subscription has expired or was unsubscribed');

    const vapid = checkVapid(req.headers.authorization, subscription.applicationServerKey, this.origin, Math.floor(Date.now() / 1000));
    if (!vapid.ok) return refuse(vapid.status, vapid.reason);
    const contentEncoding = req.headers['content-encoding'] ?? '';
    if (contentEncoding !== 'aes128gcm') return refuse(415, `Content-Encoding ${contentEncoding || '(none)'} is not aes128gcm`);
    const ttl = req.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse(400, 'TTL is required (RFC 8030 section 5.2)');
    const urgency = typeof req.headers.urgency === 'string' ? req.headers.urgency : null;
    if (urgency !== null && !URGENCIES.has(urgency)) return refuse(400, `Urgency ${urgency} is not one of RFC 8030's`);
    const topic = typeof req.headers.topic === 'string' ? req.headers.topic : null;
    if (topic !== null && !TOPIC.test(topic)) return refuse(400, 'Topic is at most 32 URL-safe base64 characters (RFC 8030 section 5.4)');
    if (body.length > MAX_BODY_BYTES) return refuse(413, `the body is ${body.length} bytes, more than ${MAX_BODY_BYTES}`);

    subscription.tries += 1;
    const failure = subscription.failFirst.shift();
    if (failure !== undefined) {
      if (failure === 429) res.setHeader('Retry-After', '1');
      res.writeHead(failure).end();
      return;
    }

    let plaintext: Buffer;
    try {
      plaintext = decryptPushMessage(body, subscription.keysPair);
    } catch (error) {
      return refuse(400, `the body does not decrypt: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = plaintext.toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    const received: ReceivedPush = {
      subscriptionId: id,
      payload,
      ttl: Number(ttl),
      urgency,
      topic,
      contentEncoding,
      bodyBytes: body.length,
      vapid: vapid.claims,
      receivedAt: Date.now(),
    };
    subscription.messages.push(received);
    for (const listener of this.listeners) listener(received);
    res.writeHead(201, { location: `${this.origin}/messages/${id}/${subscription.messages.length}` }).end();
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped: the length is all that matters then.
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : Buffer.alloc(size)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
