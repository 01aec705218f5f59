import { REPLY_HTML_MAX } from '../../domain/federation/moderation.ts';
import { isFederable, localObjectOf } from '../../domain/federation/objects.ts';
import type {
  BlockRepository,
  DeliveryQueue,
  FederationOutbox,
  FollowerRepository,
  FollowRequest,
  NewFollower,
  OutgoingActivity,
  ReactionKind,
  ReactionRepository,
  RemoteActor,
  RemoteHtmlSanitizer,
  ReplyRepository,
} from '../../domain/federation/ports.ts';
import { followerInbox, hostOf, webLinkOrNull } from '../../domain/federation/remote-address.ts';
import { REMOTE_SERVER_LIMITS } from '../../domain/federation/remote-limits.ts';
import type { Clock } from '../../domain/time.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';

/**
 * What the inbox does with each activity it accepted (its signature checked, its server not blocked:
 * adapters/federation/inbox-listeners.ts). Activities about things we do not have, or from blocked
 * accounts, are dropped without a word: the sender learns nothing from the answer.
 */
export interface InboxDeps {
  followers: FollowerRepository;
  replies: ReplyRepository;
  reactions: ReactionRepository;
  blocks: BlockRepository;
  outbox: Pick<FederationOutbox, 'storyOf'>;
  stories: Pick<StoryRepository, 'findById'>;
  remoteHtml: RemoteHtmlSanitizer;
  queue: DeliveryQueue;
  clock: Clock;
  /** The origin our ids are made of. */
  origin: string;
}

async function blocked(deps: Pick<InboxDeps, 'blocks'>, actorUri: string): Promise<boolean> {
  return deps.blocks.isBlocked(hostOf(actorUri), actorUri);
}

/**
 * Follow: the follower is recorded and the Accept (made by the caller, signed by the account) goes to
 * their inbox, which must be on their own server (decision 106: no inbox elsewhere, no follow). A repeated
 * Follow is answered once (the first time); a server with as many followers as REMOTE_SERVER_LIMITS
 * allows gets no more. True when they follow now.
 */
export async function follow(deps: InboxDeps, request: FollowRequest, accept: Omit<OutgoingActivity, 'audience'>): Promise<boolean> {
  if (await blocked(deps, request.actor.uri)) return false;
  const inbox = followerInbox(request.actor.uri, request.inboxes);
  if (!inbox) return false;
  const follower: NewFollower = {
    account: request.account,
    actor: request.actor,
    inbox,
    host: hostOf(inbox),
    followUri: request.followUri,
  };
  const { outcome, jobs } = await deps.followers.add(
    follower,
    { ...accept, audience: { inbox, host: follower.host } },
    deps.clock.now(),
    REMOTE_SERVER_LIMITS.followers,
  );
  await deps.queue.send(jobs);
  return outcome !== 'full';
}

export async function unfollow(deps: Pick<InboxDeps, 'followers'>, account: string, actorUri: string): Promise<void> {
  await deps.followers.remove(account, actorUri);
}

/** The published story a remote object names (one of our Articles, or a key event's Note), or null. */
async function storyNamed(deps: Pick<InboxDeps, 'outbox' | 'stories' | 'origin'>, uri: string | null): Promise<number | null> {
  const local = localObjectOf(uri, deps.origin);
  if (!local) return null;
  const storyId = local.kind === 'story' ? local.ref : await deps.outbox.storyOf(local.kind, local.ref);
  if (storyId === null) return null;
  const story = await deps.stories.findById(storyId);
  return story && isFederable(story) ? story.id : null;
}

export interface IncomingNote {
  uri: string;
  inReplyTo: string | null;
  actor: RemoteActor;
  url: string | null;
  /** As sent: sanitised here. */
  content: string;
  published: string | null;
}

function cleanContent(deps: Pick<InboxDeps, 'remoteHtml'>, html: string): string {
  const clean = deps.remoteHtml.sanitize(html);
  return clean.length > REPLY_HTML_MAX ? deps.remoteHtml.sanitize(clean.slice(0, REPLY_HTML_MAX)) : clean;
}

/**
 * Create of a Note replying to one of our stories: held for staff, while its server has fewer than
 * REMOTE_SERVER_LIMITS.pendingReplies waiting. Anything else is not ours to keep. Its links are kept
 * only when they are http(s) addresses.
 */
export async function receiveReply(deps: InboxDeps, note: IncomingNote): Promise<boolean> {
  if (await blocked(deps, note.actor.uri)) return false;
  const storyId = await storyNamed(deps, note.inReplyTo);
  if (storyId === null) return false;
  const now = deps.clock.now();
  return deps.replies.add(
    {
      storyId,
      noteUri: note.uri,
      url: webLinkOrNull(note.url),
      actor: { ...note.actor, url: webLinkOrNull(note.actor.url) },
      host: hostOf(note.actor.uri),
      content: cleanContent(deps, note.content),
      publishedAt: note.published ?? now,
    },
    now,
    REMOTE_SERVER_LIMITS.pendingReplies,
  );
}

/**
 * Update of a Note: a reply we hold takes its new text. An approved one whose text changed goes back
 * to the moderation queue (decision 106): nothing shows under a story that staff did not read.
 */
export async function editReply(deps: Pick<InboxDeps, 'replies' | 'remoteHtml'>, note: Pick<IncomingNote, 'uri' | 'actor' | 'content'>) {
  await deps.replies.edit(note.uri, note.actor.uri, cleanContent(deps, note.content));
}

/** Delete: of a reply (its author's), or of the account itself, which takes its follows, replies and reactions with it. */
export async function receiveDelete(deps: InboxDeps, actorUri: string, objectUri: string): Promise<void> {
  if (objectUri === actorUri) {
    await Promise.all([deps.followers.removeActor(actorUri), deps.replies.removeActor(actorUri), deps.reactions.removeActor(actorUri)]);
    return;
  }
  await deps.replies.remove(objectUri, actorUri);
}

/** Like or Announce of one of our stories: counted once per person, up to REMOTE_SERVER_LIMITS.reactionsPerStory per server. */
export async function receiveReaction(
  deps: InboxDeps,
  reaction: { kind: ReactionKind; activityUri: string; actorUri: string; objectUri: string | null },
): Promise<boolean> {
  if (await blocked(deps, reaction.actorUri)) return false;
  const storyId = await storyNamed(deps, reaction.objectUri);
  if (storyId === null) return false;
  const { kind, activityUri, actorUri } = reaction;
  return deps.reactions.add(
    { activityUri, storyId, kind, actorUri, host: hostOf(actorUri) },
    deps.clock.now(),
    REMOTE_SERVER_LIMITS.reactionsPerStory,
  );
}

export async function undoReaction(deps: Pick<InboxDeps, 'reactions'>, activityUri: string, actorUri: string): Promise<void> {
  await deps.reactions.remove(activityUri, actorUri);
}
