import { REPLY_HTML_MAX } from '../../domain/federation/moderation.ts';
import { isFederable, localObjectOf } from '../../domain/federation/objects.ts';
import type {
  BlockRepository,
  DeliveryQueue,
  FederationOutbox,
  FollowerRepository,
  NewFollower,
  OutgoingActivity,
  ReactionKind,
  ReactionRepository,
  RemoteActor,
  RemoteHtmlSanitizer,
  ReplyRepository,
} from '../../domain/federation/ports.ts';
import { hostOf } from '../../domain/federation/remote-address.ts';
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

/** Follow: the follower is recorded and the Accept (made by the caller, signed by the account) goes to their inbox. */
export async function follow(deps: InboxDeps, follower: NewFollower, accept: Omit<OutgoingActivity, 'audience'>): Promise<boolean> {
  if (await blocked(deps, follower.actor.uri)) return false;
  const jobs = await deps.followers.add(
    follower,
    { ...accept, audience: { inbox: follower.inbox, host: follower.host } },
    deps.clock.now(),
  );
  await deps.queue.send(jobs);
  return true;
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

/** Create of a Note replying to one of our stories: held for staff. Anything else is not ours to keep. */
export async function receiveReply(deps: InboxDeps, note: IncomingNote): Promise<boolean> {
  if (await blocked(deps, note.actor.uri)) return false;
  const storyId = await storyNamed(deps, note.inReplyTo);
  if (storyId === null) return false;
  const now = deps.clock.now();
  return deps.replies.add(
    {
      storyId,
      noteUri: note.uri,
      url: note.url,
      actor: note.actor,
      host: hostOf(note.actor.uri),
      content: cleanContent(deps, note.content),
      publishedAt: note.published ?? now,
    },
    now,
  );
}

/** Update of a Note: a reply we hold takes its new text (an approved one stays approved, as Mastodon's edits do). */
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

/** Like or Announce of one of our stories: counted once per person. */
export async function receiveReaction(
  deps: InboxDeps,
  reaction: { kind: ReactionKind; activityUri: string; actorUri: string; objectUri: string | null },
): Promise<boolean> {
  if (await blocked(deps, reaction.actorUri)) return false;
  const storyId = await storyNamed(deps, reaction.objectUri);
  if (storyId === null) return false;
  const { kind, activityUri, actorUri } = reaction;
  await deps.reactions.add({ activityUri, storyId, kind, actorUri, host: hostOf(actorUri) }, deps.clock.now());
  return true;
}

export async function undoReaction(deps: Pick<InboxDeps, 'reactions'>, activityUri: string, actorUri: string): Promise<void> {
  await deps.reactions.remove(activityUri, actorUri);
}
