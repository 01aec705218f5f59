import type { AuditEntry } from '../audit/audit.ts';
import type { DeliveryVerdict } from './delivery.ts';
import type { BlockInput, FediverseBlock, FediverseReply, PublicReply, ReplyListQuery, ReplyState } from './moderation.ts';
import type { ObjectKind } from './objects.ts';
import type { SentObject } from './sync.ts';

/** A person on another server, as their actor document describes them. */
export interface RemoteActor {
  uri: string;
  name: string | null;
  /** @user@host, when their server says their username. */
  handle: string | null;
  /** Their profile page. */
  url: string | null;
}

export interface NewFollower {
  account: string;
  actor: RemoteActor;
  /** Where deliveries go: their server's shared inbox, else their own, on their actor's origin (remote-address.ts followerInbox). */
  inbox: string;
  host: string;
  followUri: string | null;
}

/** A Follow as the inbox read it: who, of which account, and the inboxes their actor document names. */
export interface FollowRequest {
  account: string;
  actor: RemoteActor;
  inboxes: { shared: string | null; own: string | null };
  followUri: string | null;
}

export type ActivityType = 'Create' | 'Update' | 'Delete' | 'Announce' | 'Accept';

/** Who an activity goes to: the followers of these accounts (one delivery per inbox), or one inbox. */
export type Audience = { followersOf: readonly string[] } | { inbox: string; host: string };

/** An activity ready to go: its JSON is frozen now and signed afresh for every delivery. */
export interface OutgoingActivity {
  id: string;
  /** Whose key signs it. */
  account: string;
  type: ActivityType;
  storyId: number | null;
  body: string;
  audience: Audience;
}

/** A job of the fan-out (decision 065) to tell the queue about: one batch of one activity's inboxes. */
export interface DeliveryJob {
  jobId: string;
}

/** What became of a Follow: a new follower (answered), one who followed already (refreshed, not answered again), or none (their server is full). */
export type FollowOutcome = 'new' | 'again' | 'full';

export interface FollowerRepository {
  /**
   * Records the follower and, in the same write, the Accept that goes to them. Someone who follows
   * already is only refreshed (their inbox, name, handle): no second Accept. A server with
   * `maxPerServer` followers already gets no new one, and nothing is written.
   */
  add(
    follower: NewFollower,
    accept: OutgoingActivity,
    now: string,
    maxPerServer: number,
  ): Promise<{ outcome: FollowOutcome; jobs: DeliveryJob[] }>;
  /** False when they did not follow. */
  remove(account: string, actorUri: string): Promise<boolean>;
  /** Someone whose account is gone follows nobody any more. */
  removeActor(actorUri: string): Promise<void>;
  count(account: string): Promise<number>;
}

/** A story or key event that changed since it was last looked at; `n` counts its changes. */
export interface PendingChange {
  kind: ObjectKind;
  ref: number;
  n: number;
}

/** What is now sent of an object, recorded with the activities that send it. */
export interface ObjectRecord {
  kind: ObjectKind;
  ref: number;
  /** Written with an object sent for the first time (never changes after). */
  storyId: number | null;
  account: string;
  generation: number;
  state: 'live' | 'deleted';
  fingerprint: string;
}

export interface PendingDelivery {
  inbox: string;
  host: string;
  attempts: number;
}

export interface DeliveryOutcome {
  inbox: string;
  verdict: DeliveryVerdict;
  status: number | null;
  error: string | null;
}

/** An activity's deliveries as staff see them. */
export interface ActivityDeliveries {
  id: string;
  type: ActivityType;
  account: string;
  createdAt: string;
  inboxes: number;
  delivered: number;
  pending: number;
  failed: number;
  gone: number;
  /** The latest reasons deliveries failed or wait, with their servers. */
  problems: { host: string; status: number | null; error: string | null; state: string }[];
}

/**
 * What followers were sent and what is still to send (docs/decisions/096-fediverse-delivery.md):
 * objects as last sent, the changes the triggers noted, the activities and their deliveries.
 */
export interface FederationOutbox {
  pendingChanges(limit: number): Promise<PendingChange[]>;
  /** Forgets a change, unless it changed again since it was read. */
  finishChange(change: PendingChange): Promise<void>;
  sent(kind: ObjectKind, ref: number): Promise<SentObject | null>;
  /** The story an object sent belongs to (a key event's live blog), or null for one never sent. */
  storyOf(kind: ObjectKind, ref: number): Promise<number | null>;
  /** Generations of the stories' Articles (1 for one never sent). */
  generations(kind: ObjectKind, refs: readonly number[]): Promise<Map<number, { generation: number; state: 'live' | 'deleted' }>>;
  /**
   * Records the object as now sent and freezes its activities' audiences into deliveries with their
   * jobs, in one write, only if the object is still as `expected` said (null: never sent). False when
   * someone else recorded it first: nothing was written.
   */
  record(
    object: ObjectRecord,
    expected: SentObject | null,
    activities: readonly OutgoingActivity[],
    now: string,
  ): Promise<DeliveryJob[] | null>;
  /** The activity and its batch's inboxes still to deliver; null when there is no such activity. */
  batch(activityId: string, batch: number): Promise<{ account: string; body: string; deliveries: PendingDelivery[] } | null>;
  /** Writes what became of each delivery; an inbox that is gone loses its followers in the same write. */
  recordOutcomes(activityId: string, outcomes: readonly DeliveryOutcome[], now: string): Promise<void>;
  /** The batch's deliveries still pending are given up (the job had its last run). */
  giveUp(activityId: string, batch: number, error: string): Promise<void>;
  forStory(storyId: number, limit: number): Promise<ActivityDeliveries[]>;
  /** Forgets activities (and their deliveries) older than `before`; how many. */
  prune(before: string): Promise<number>;
}

export interface NewReply {
  storyId: number;
  noteUri: string;
  url: string | null;
  actor: RemoteActor;
  host: string;
  content: string;
  publishedAt: string;
}

export interface ReplyRepository {
  /** False when the reply is known already, or its server has `maxPendingPerServer` replies waiting for moderation. */
  add(reply: NewReply, now: string, maxPendingPerServer: number): Promise<boolean>;
  /**
   * Its author changed its text: an approved reply whose text changed goes back to the queue
   * (pending) with it, so nothing shows under a story that staff did not read; a pending or hidden
   * one keeps its state.
   */
  edit(noteUri: string, actorUri: string, content: string): Promise<void>;
  /** Its author deleted it. */
  remove(noteUri: string, actorUri: string): Promise<void>;
  removeActor(actorUri: string): Promise<void>;
  list(query: ReplyListQuery): Promise<{ items: FediverseReply[]; total: number }>;
  moderate(
    id: number,
    state: Exclude<ReplyState, 'pending'>,
    by: number,
    now: string,
    audit: readonly AuditEntry[],
  ): Promise<FediverseReply | null>;
  approved(storyId: number, limit: number): Promise<PublicReply[]>;
  counts(storyId: number): Promise<Record<ReplyState, number>>;
}

export type ReactionKind = 'like' | 'boost';

export interface ReactionRepository {
  /** Counted once per person and kind; false when it was not kept (known already, or the story has `maxPerServer` from that server). */
  add(
    reaction: { activityUri: string; storyId: number; kind: ReactionKind; actorUri: string; host: string },
    now: string,
    maxPerServer: number,
  ): Promise<boolean>;
  /** An Undo names the activity it takes back, and only its own actor may. */
  remove(activityUri: string, actorUri: string): Promise<void>;
  removeActor(actorUri: string): Promise<void>;
  counts(storyId: number): Promise<{ likes: number; boosts: number }>;
}

export interface BlockRepository {
  list(): Promise<FediverseBlock[]>;
  /**
   * Blocks, and in the same write: the account's (or server's) followers go, and their replies are
   * hidden. Null when it was blocked already.
   */
  add(block: BlockInput, by: number, now: string, audit: readonly AuditEntry[]): Promise<FediverseBlock | null>;
  remove(id: number, now: string, audit: readonly AuditEntry[]): Promise<boolean>;
  isBlocked(host: string, actorUri: string | null): Promise<boolean>;
}

/** Remote HTML (a reply) cut down to paragraphs, line breaks and links that open elsewhere. */
export interface RemoteHtmlSanitizer {
  sanitize(html: string): string;
}

/** The fan-out's queue as federation uses it (decision 065): each job id goes in one small message. */
export interface DeliveryQueue {
  send(jobs: readonly DeliveryJob[]): Promise<void>;
}

/** A live blog's update as federation reads it (deleted ones too: they are taken back). */
export interface KeyEventSource {
  id: number;
  storyId: number;
  body: string;
  keyEvent: boolean;
  deleted: boolean;
  createdAt: string;
}

export interface KeyEvents {
  find(updateId: number): Promise<KeyEventSource | null>;
}
