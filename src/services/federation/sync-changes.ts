import { NEWSROOM_ACCOUNT } from '../../domain/federation/accounts.ts';
import { fingerprintSource, isFederable, type ObjectDraft, type ObjectKind } from '../../domain/federation/objects.ts';
import { keyEventDraft, storyDraft } from './object-drafts.ts';
import type { DeliveryQueue, FederationOutbox, KeyEvents, OutgoingActivity, PendingChange } from '../../domain/federation/ports.ts';
import { isStaleForFeeds, syncAction, type SyncAction } from '../../domain/federation/sync.ts';
import type { Clock } from '../../domain/time.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';

/** An object with the generation of its id, and (a key event) the generation of the Article it replies to. */
export interface SendableObject {
  draft: ObjectDraft;
  generation: number;
  replyToGeneration: number | null;
}

/** Makes the activities' JSON (adapters/federation/activity-writer.ts); every id in it is made of the pinned origin. */
export interface ActivityWriter {
  create(object: SendableObject): Promise<string>;
  update(object: SendableObject, updated: string): Promise<string>;
  delete(kind: ObjectKind, ref: number, generation: number, account: string, deleted: string): Promise<string>;
  /** The newsroom boosting an author's story, so the newsroom's followers see it in their feeds. */
  announce(object: SendableObject, published: string): Promise<string>;
  /** A new id for an activity row. */
  newId(): string;
}

export interface SyncDeps {
  outbox: FederationOutbox;
  stories: Pick<StoryRepository, 'findById'>;
  keyEvents: KeyEvents;
  /** Null until the fediverse first asked for us (the origin is not known): then nobody follows, and only the state is kept. */
  writer: ActivityWriter | null;
  /** SHA-256 (hex) of a fingerprint's source. */
  digest: (text: string) => Promise<string>;
  queue: DeliveryQueue;
  clock: Clock;
}

/** How many changed objects one run looks at; the rest wait for the next (after the next write, or the minute job). */
export const CHANGES_PER_RUN = 50;

/** What followers may have of the object now, or null when they may have nothing. */
async function currentDraft(deps: SyncDeps, kind: ObjectKind, ref: number): Promise<ObjectDraft | null> {
  if (kind === 'story') {
    const story = await deps.stories.findById(ref);
    return story && isFederable(story) ? storyDraft(story) : null;
  }
  const update = await deps.keyEvents.find(ref);
  if (!update || update.deleted || !update.keyEvent) return null;
  const story = await deps.stories.findById(update.storyId);
  return story && isFederable(story) ? keyEventDraft(story, update) : null;
}

const audienceOf = (account: string) => ({ followersOf: [...new Set([account, NEWSROOM_ACCOUNT])] });

/** A new object, or a changed one, to the followers of its author and of the newsroom; a new story also as the newsroom's boost. */
async function sendActivities(
  deps: SyncDeps & { writer: ActivityWriter },
  kind: 'create' | 'update',
  object: SendableObject,
  now: string,
): Promise<OutgoingActivity[]> {
  const { draft } = object;
  const main: OutgoingActivity = {
    id: deps.writer.newId(),
    account: draft.account,
    type: kind === 'create' ? 'Create' : 'Update',
    storyId: draft.storyId,
    body: kind === 'create' ? await deps.writer.create(object) : await deps.writer.update(object, now),
    audience: audienceOf(draft.account),
  };
  if (kind !== 'create' || draft.kind !== 'story') return [main];
  const boost: OutgoingActivity = {
    id: deps.writer.newId(),
    account: NEWSROOM_ACCOUNT,
    type: 'Announce',
    storyId: draft.storyId,
    body: await deps.writer.announce(object, now),
    audience: { followersOf: [NEWSROOM_ACCOUNT] },
  };
  return [main, boost];
}

/**
 * Brings followers up to date with one object: compares what they were last sent with what they may
 * have now, and records the one activity that closes the gap (with the newsroom's boost of a new
 * story) together with its deliveries, in one write. A run that lost a race to another writes nothing.
 */
export async function syncObject(deps: SyncDeps, kind: ObjectKind, ref: number): Promise<SyncAction> {
  const [sent, draft] = await Promise.all([deps.outbox.sent(kind, ref), currentDraft(deps, kind, ref)]);
  const fingerprint = draft ? await deps.digest(fingerprintSource(draft)) : null;
  const action = syncAction(sent, fingerprint);
  if (action.kind === 'none') return action;

  const now = deps.clock.now();
  const { writer } = deps;
  let activities: OutgoingActivity[] = [];
  let storyId: number | null;
  if (!writer || (draft && isStaleForFeeds(action, draft.published, now))) {
    storyId = draft?.storyId ?? null;
  } else if (action.kind === 'delete') {
    storyId = kind === 'story' ? ref : await deps.outbox.storyOf(kind, ref);
    const body = await writer.delete(kind, ref, action.generation, action.account, now);
    activities = [{ id: writer.newId(), account: action.account, type: 'Delete', storyId, body, audience: audienceOf(action.account) }];
  } else {
    const live = draft!;
    storyId = live.storyId;
    const replyTo = live.inReplyTo
      ? ((await deps.outbox.generations(live.inReplyTo.kind, [live.inReplyTo.ref])).get(live.inReplyTo.ref)?.generation ?? 1)
      : null;
    activities = await sendActivities(
      { ...deps, writer },
      action.kind,
      { draft: live, generation: action.generation, replyToGeneration: replyTo },
      now,
    );
  }
  const jobs = await deps.outbox.record(
    {
      kind,
      ref,
      storyId,
      account: action.kind === 'delete' ? action.account : draft!.account,
      generation: action.generation,
      state: action.kind === 'delete' ? 'deleted' : 'live',
      fingerprint: fingerprint ?? sent!.fingerprint,
    },
    sent,
    activities,
    now,
  );
  if (jobs) await deps.queue.send(jobs);
  return jobs ? action : { kind: 'none' };
}

/**
 * Works through the changes the triggers noted (migrations/0060): after any public write, and every
 * minute. A change is forgotten only once its object is in step and it did not change again meanwhile.
 */
export async function syncPendingChanges(deps: SyncDeps, limit = CHANGES_PER_RUN): Promise<number> {
  const changes: PendingChange[] = await deps.outbox.pendingChanges(limit);
  let sent = 0;
  for (const change of changes) {
    const action = await syncObject(deps, change.kind, change.ref);
    if (action.kind !== 'none') sent += 1;
    await deps.outbox.finishChange(change);
  }
  return sent;
}
