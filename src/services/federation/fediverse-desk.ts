import { authorAccount, fediverseHandle, NEWSROOM_ACCOUNT } from '../../domain/federation/accounts.ts';
import type { ReplyListQuery } from '../../domain/federation/moderation.ts';
import { isFederable } from '../../domain/federation/objects.ts';
import type {
  BlockRepository,
  FederationOutbox,
  FollowerRepository,
  ReactionRepository,
  ReplyRepository,
} from '../../domain/federation/ports.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { policy } from '../../domain/permissions.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { isValidSlug } from '../../domain/story/slug.ts';
import type { User } from '../../domain/users/entities.ts';
import { hasPublishedStory } from './fediverse-accounts.ts';
import { fediverseSettings } from './fediverse-settings.ts';

/** The Fediverse tab's reads (docs/product/api-fediverse.md): followers, replies to moderate, blocks, a story's life there. */
export interface FediverseDeskDeps {
  storedStories: Pick<StoryRepository, 'list' | 'findById'>;
  settings: SettingsRepository;
  siteOrigin: string | null;
  fediverse: {
    followers: Pick<FollowerRepository, 'count'>;
    replies: Pick<ReplyRepository, 'list' | 'counts'>;
    reactions: Pick<ReactionRepository, 'counts'>;
    blocks: Pick<BlockRepository, 'list'>;
    outbox: Pick<FederationOutbox, 'forStory'>;
  };
}

/**
 * GET /api/fediverse/overview: the newsroom's address and followers, the caller's own (once they
 * published: only then are they an account), and for admins the replies waiting. `requestOrigin`:
 * the host of the addresses when the site names none (SITE_ORIGIN).
 */
export async function fediverseOverview(deps: FediverseDeskDeps, user: User, requestOrigin: string) {
  const settings = await fediverseSettings(deps);
  const origin = settings.origin ?? requestOrigin;
  const mine = (await hasPublishedStory({ stories: deps.storedStories }, user.id))
    ? { address: fediverseHandle(user.username, origin), followers: await deps.fediverse.followers.count(authorAccount(user.id)) }
    : null;
  const pending = policy.isAdmin(user) ? (await deps.fediverse.replies.list({ state: 'pending', limit: 1, offset: 0 })).total : null;
  return {
    newsroom: { address: fediverseHandle(settings.handle, origin), followers: await deps.fediverse.followers.count(NEWSROOM_ACCOUNT) },
    me: mine,
    pendingReplies: pending,
  };
}

/** GET /api/fediverse/replies (admins). */
export async function listReplies(deps: Pick<FediverseDeskDeps, 'fediverse'>, query: ReplyListQuery) {
  return deps.fediverse.replies.list(query);
}

/** GET /api/fediverse/blocks (admins). */
export async function listBlocks(deps: Pick<FediverseDeskDeps, 'fediverse'>) {
  return deps.fediverse.blocks.list();
}

/** GET /api/fediverse/stories/{id}: likes, boosts, replies and every activity's deliveries, for the story's author and admins. */
export async function storyInFediverse(deps: Pick<FediverseDeskDeps, 'storedStories' | 'fediverse'>, user: User | null, id: number) {
  const story = await deps.storedStories.findById(id);
  if (!story || !policy.canEditStory(user, story)) throw new NotFoundError('Story');
  const [reactions, replies, activities] = await Promise.all([
    deps.fediverse.reactions.counts(story.id),
    deps.fediverse.replies.counts(story.id),
    deps.fediverse.outbox.forStory(story.id, 20),
  ]);
  return { ...reactions, replies, activities };
}

/** The story a page's address names (slug, or id for a story without one), when it is in the fediverse; else null. */
export async function federableStory(
  deps: { storedStories: Pick<StoryRepository, 'findBySlug' | 'findById'> },
  segment: string,
): Promise<Story | null> {
  let story = isValidSlug(segment) ? await deps.storedStories.findBySlug(segment) : null;
  if (!story && /^\d{1,15}$/.test(segment)) story = await deps.storedStories.findById(Number(segment));
  return story && isFederable(story) ? story : null;
}

/** The generation of a story's object the fediverse was last sent (its page's ActivityStreams address), 1 before any. */
export async function storyGeneration(
  deps: { fediverse: { outbox: Pick<FederationOutbox, 'generations'> } },
  storyId: number,
): Promise<number> {
  return (await deps.fediverse.outbox.generations('story', [storyId])).get(storyId)?.generation ?? 1;
}

/** Whether an inbox refuses an activity from any of these servers, or this account (decision 106: before any key is fetched). */
export async function refusedSender(
  deps: { fediverse: { blocks: Pick<BlockRepository, 'isBlocked'> } },
  hosts: readonly string[],
  actor: string | null,
) {
  for (const host of new Set(hosts)) if (await deps.fediverse.blocks.isBlocked(host, actor)) return true;
  return false;
}
