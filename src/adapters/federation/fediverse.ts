import type { DeliveryQueue, FederationOutbox, RemoteHtmlSanitizer } from '../../domain/federation/ports.ts';
import type { BlockRepository, FollowerRepository, ReactionRepository, ReplyRepository } from '../../domain/federation/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { JobQueue } from '../../domain/jobs/ports.ts';
import { sendJobMessages } from '../../services/jobs/start-jobs.ts';
import type { KeyEvents } from '../../domain/federation/ports.ts';
import { toHex } from '../crypto/bytes.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from '../d1/db.ts';
import { D1FediverseBlocks } from '../d1/d1-fediverse-blocks.ts';
import { D1FediverseFollowers } from '../d1/d1-fediverse-followers.ts';
import { D1KeyEvents } from '../d1/d1-fediverse-key-events.ts';
import { D1FediverseOutbox, DELIVERY_JOB_KIND } from '../d1/d1-fediverse-outbox.ts';
import { D1FediverseReactions, D1FediverseReplies } from '../d1/d1-fediverse-replies.ts';
import { sanitizeRemoteHtml } from '../html/sanitize-remote-html.ts';
import { ActorKeys } from './actor-keys.ts';
import { D1KvStore } from './d1-kv-store.ts';
import type { RemotePolicy } from './remote-fetch.ts';

/** Remote documents (actors, keys, replies' objects) are at most this large, and take at most this long. */
const DOCUMENT_BYTES = 1024 * 1024;
const DOCUMENT_TIMEOUT_MS = 10_000;

/** The fediverse's adapters, built once per request or run by compose.ts. */
export interface FediverseDeps {
  keys: ActorKeys;
  kv: D1KvStore;
  followers: FollowerRepository;
  outbox: FederationOutbox;
  replies: ReplyRepository;
  reactions: ReactionRepository;
  blocks: BlockRepository;
  keyEvents: KeyEvents;
  remoteHtml: RemoteHtmlSanitizer;
  queue: DeliveryQueue;
  /** FEDERATION_ALLOW_PRIVATE=1: private and loopback addresses and plain http are allowed (tests on one machine). */
  allowPrivate: boolean;
  documentPolicy: RemotePolicy;
  digest: (text: string) => Promise<string>;
}

export const USER_AGENT = 'TheNewsroom/0.1 (ActivityPub; +https://github.com/)';

async function sha256(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The fan-out's queue (decision 065) as federation uses it: one small message per job of a batch of inboxes. */
export function deliveryQueue(queue: JobQueue): DeliveryQueue {
  return {
    send: (jobs) =>
      sendJobMessages(
        queue,
        jobs.map((job) => ({ id: job.jobId, kind: DELIVERY_JOB_KIND })),
      ),
  };
}

export function buildFediverse(
  db: Db,
  secretBox: SecretBox,
  clock: Clock,
  options: { allowPrivate: boolean; queue: JobQueue },
): FediverseDeps {
  return {
    keys: new ActorKeys(db, secretBox, () => clock.now()),
    kv: new D1KvStore(db),
    followers: new D1FediverseFollowers(db),
    outbox: new D1FediverseOutbox(db),
    replies: new D1FediverseReplies(db),
    reactions: new D1FediverseReactions(db),
    blocks: new D1FediverseBlocks(db),
    keyEvents: new D1KeyEvents(db.$client),
    remoteHtml: { sanitize: sanitizeRemoteHtml },
    queue: deliveryQueue(options.queue),
    allowPrivate: options.allowPrivate,
    documentPolicy: { allowPrivate: options.allowPrivate, timeoutMs: DOCUMENT_TIMEOUT_MS, maxBytes: DOCUMENT_BYTES, userAgent: USER_AGENT },
    digest: sha256,
  };
}
