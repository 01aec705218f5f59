import type { FediverseSettings } from '../../domain/federation/accounts.ts';
import { fediverseSettings } from '../../services/federation/fediverse-settings.ts';
import type { DeliverDeps } from '../../services/federation/deliver-batch.ts';
import type { InboxDeps } from '../../services/federation/inbox.ts';
import { syncPendingChanges, type SyncDeps } from '../../services/federation/sync-changes.ts';
import type { AppDeps } from '../app-deps.ts';
import { ApUris } from './ap-uris.ts';
import type { FederationData } from './federation.ts';

/*
 * Fedify (its vocabulary, signatures and JSON-LD: megabytes of code) is imported when the fediverse
 * is first needed, not when the worker starts: a reader's first page does not pay for it.
 */

type Pinned = FediverseSettings & { origin: string };

function inboxDeps(deps: AppDeps, origin: string): InboxDeps {
  const { fediverse } = deps;
  return {
    followers: fediverse.followers,
    replies: fediverse.replies,
    reactions: fediverse.reactions,
    blocks: fediverse.blocks,
    outbox: fediverse.outbox,
    stories: deps.storedStories,
    remoteHtml: fediverse.remoteHtml,
    queue: fediverse.queue,
    clock: deps.clock,
    origin,
  };
}

/**
 * What Fedify's dispatchers and listeners get for a request from the fediverse, with ids made of the
 * configured origin (services/federation/fediverse-settings.ts); null when the site has none (SITE_ORIGIN
 * unset and nothing pinned): the fediverse is not set up.
 */
export async function federationData(deps: AppDeps): Promise<FederationData | null> {
  const stored = await fediverseSettings(deps);
  if (!stored.origin) return null;
  const settings: Pinned = { ...stored, origin: stored.origin };
  const { fediverse } = deps;
  const { authenticatedDocumentLoader, boundedDocumentLoader } = await import('./document-loader.ts');
  return {
    settings,
    uris: new ApUris(settings.origin),
    accounts: { users: deps.users, stories: deps.storedStories },
    stories: deps.storedStories,
    keyEvents: fediverse.keyEvents,
    keys: fediverse.keys,
    outbox: fediverse.outbox,
    inbox: inboxDeps(deps, settings.origin),
    followerCount: (account) => fediverse.followers.count(account),
    documentLoader: boundedDocumentLoader(fediverse.documentPolicy),
    authenticatedDocumentLoader: authenticatedDocumentLoader(fediverse.documentPolicy),
  };
}

async function syncDeps(deps: AppDeps, origin: string | null): Promise<SyncDeps> {
  const { fediverse } = deps;
  const [{ VocabActivityWriter }, { boundedDocumentLoader }] = await Promise.all([import('./vocab.ts'), import('./document-loader.ts')]);
  return {
    outbox: fediverse.outbox,
    stories: deps.storedStories,
    keyEvents: fediverse.keyEvents,
    writer: origin ? new VocabActivityWriter(new ApUris(origin), boundedDocumentLoader(fediverse.documentPolicy)) : null,
    digest: fediverse.digest,
    queue: fediverse.queue,
    clock: deps.clock,
  };
}

/**
 * Tells followers about every story and key event that changed (the triggers noted them): after a
 * public write and in the minute job. Cheap when nothing changed: one read.
 */
export async function syncFediverse(deps: AppDeps): Promise<number> {
  if ((await deps.fediverse.outbox.pendingChanges(1)).length === 0) return 0;
  const settings = await fediverseSettings(deps);
  return syncPendingChanges(await syncDeps(deps, settings.origin));
}

/** What a delivery job needs: the outbox and a signing client for the pinned origin (or none: nothing can be waiting then). */
export async function deliverDeps(deps: AppDeps): Promise<DeliverDeps | null> {
  const settings = await fediverseSettings(deps);
  if (!settings.origin) return null;
  const { fediverse } = deps;
  const { SignedInboxClient } = await import('./signed-delivery.ts');
  const inboxes = new SignedInboxClient(fediverse.keys, new ApUris(settings.origin), {
    allowPrivate: fediverse.allowPrivate,
    userAgent: fediverse.documentPolicy.userAgent,
  });
  return { outbox: fediverse.outbox, inboxes, clock: deps.clock };
}

/** Activities (and their deliveries) are kept this long for staff to look at, then forgotten. */
const ACTIVITY_DAYS = 30;

/**
 * The minute job's part: every change not yet told (a story the job just published, a live stream's
 * story, whatever a crash interrupted), and the pruning of old activities and expired cache entries.
 */
export async function tidyFediverse(deps: AppDeps, now: string): Promise<void> {
  await syncFediverse(deps);
  await deps.fediverse.outbox.prune(new Date(Date.parse(now) - ACTIVITY_DAYS * 86_400_000).toISOString());
  await deps.fediverse.kv.pruneExpired();
}
