import { createFederationBuilder, type Context, type Federation, type InboxContext } from '@fedify/fedify';
import type { AuthenticatedDocumentLoaderFactory, DocumentLoader } from '@fedify/fedify/runtime';
import {
  Announce,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  Like,
  Note,
  Organization,
  Person,
  Undo,
  Update,
  isActor,
  type Actor,
} from '@fedify/fedify/vocab';
import { escapeHtml } from '../../contract/escape-html.ts';
import { authorName } from '../../domain/story/byline.ts';
import { parseAccountId, type FediverseSettings } from '../../domain/federation/accounts.ts';
import { isFederable, parseObjectId, type ObjectKind } from '../../domain/federation/objects.ts';
import { keyEventDraft, storyDraft } from '../../services/federation/object-drafts.ts';
import type { FederationOutbox, RemoteActor } from '../../domain/federation/ports.ts';
import { authorPath, site } from '../../domain/site/site.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { accountByHandle, accountById, type AccountDeps, type FediverseAccount } from '../../services/federation/fediverse-accounts.ts';
import {
  editReply,
  follow,
  receiveDelete,
  receiveReaction,
  receiveReply,
  undoReaction,
  unfollow,
  type InboxDeps,
} from '../../services/federation/inbox.ts';
import type { KeyEvents } from '../../domain/federation/ports.ts';
import type { ActorKeys } from './actor-keys.ts';
import type { D1KvStore } from './d1-kv-store.ts';
import { AP_PATHS, type ApUris } from './ap-uris.ts';
import { objectOf, VocabActivityWriter } from './vocab.ts';

/** The square picture the newsroom's accounts show (staff have no pictures of their own), and the newsroom's header. */
export const FEDIVERSE_AVATAR = '/fediverse-avatar.png';
const FEDIVERSE_HEADER = '/og-image.png';
/** Items per page of an outbox. */
const OUTBOX_PAGE = 20;

/** What the dispatchers and listeners work with, for one request (or one run of the minute job). */
export interface FederationData {
  settings: FediverseSettings & { origin: string };
  uris: ApUris;
  accounts: AccountDeps;
  stories: StoryRepository;
  keyEvents: KeyEvents;
  keys: ActorKeys;
  outbox: FederationOutbox;
  inbox: InboxDeps;
  followerCount: (account: string) => Promise<number>;
  documentLoader: DocumentLoader;
  authenticatedDocumentLoader: AuthenticatedDocumentLoaderFactory;
}

type Ctx = Context<FederationData>;

async function actorDocument(ctx: Ctx, account: FediverseAccount): Promise<Person | Organization> {
  const { uris, settings } = ctx.data;
  const keys = await ctx.getActorKeyPairs(account.id);
  const common = {
    id: uris.actor(account.id),
    inbox: uris.inbox(account.id),
    outbox: uris.outbox(account.id),
    followers: uris.followers(account.id),
    endpoints: new Endpoints({ sharedInbox: uris.sharedInbox() }),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
    icon: new Image({ url: uris.page(FEDIVERSE_AVATAR), mediaType: 'image/png' }),
    manuallyApprovesFollowers: false,
    discoverable: true,
    indexable: true,
  };
  if (account.kind === 'newsroom') {
    return new Organization({
      ...common,
      preferredUsername: settings.handle,
      name: site.name,
      summary: `<p>${escapeHtml(site.description)}</p>`,
      url: uris.page('/'),
      image: new Image({ url: uris.page(FEDIVERSE_HEADER), mediaType: 'image/png' }),
    });
  }
  const { user } = account;
  return new Person({
    ...common,
    preferredUsername: user.username,
    name: authorName(user),
    summary: user.bio ? `<p>${escapeHtml(user.bio)}</p>` : `<p>${escapeHtml(`Reporter at ${site.name}`)}</p>`,
    url: uris.page(authorPath(user)),
  });
}

/** The object an address names, as followers were sent it; null when it is not (or no longer) ours to show. */
async function objectAt(ctx: Ctx, kind: ObjectKind, segment: string): Promise<Article | Note | null> {
  const id = parseObjectId(segment);
  if (!id) return null;
  const { outbox, stories, keyEvents, uris } = ctx.data;
  const sent = (await outbox.generations(kind, [id.ref])).get(id.ref);
  if ((sent?.generation ?? 1) !== id.generation || sent?.state === 'deleted') return null;
  if (kind === 'story') {
    const story = await stories.findById(id.ref);
    return story && isFederable(story)
      ? objectOf(uris, { draft: storyDraft(story), generation: id.generation, replyToGeneration: null })
      : null;
  }
  const update = await keyEvents.find(id.ref);
  if (!update || update.deleted || !update.keyEvent) return null;
  const story = await stories.findById(update.storyId);
  if (!story || !isFederable(story)) return null;
  const replyTo = (await outbox.generations('story', [story.id])).get(story.id)?.generation ?? 1;
  return objectOf(uris, { draft: keyEventDraft(story, update), generation: id.generation, replyToGeneration: replyTo });
}

/** A remote actor as we keep them: their address, name, @user@host and page. */
function remoteActor(actor: Actor): RemoteActor {
  const uri = actor.id!.href;
  const username = typeof actor.preferredUsername === 'string' ? actor.preferredUsername : (actor.preferredUsername?.toString() ?? null);
  const url = actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? null);
  return {
    uri,
    name: actor.name?.toString().slice(0, 300) ?? null,
    handle: username ? `@${username}@${new URL(uri).host}`.slice(0, 300) : null,
    url,
  };
}

const builder = createFederationBuilder<FederationData>();

builder
  .setActorDispatcher(AP_PATHS.actor, async (ctx, identifier) => {
    const account = await accountById(ctx.data.accounts, identifier);
    return account ? actorDocument(ctx, account) : null;
  })
  .mapHandle((ctx, username) => accountByHandle(ctx.data.accounts, ctx.data.settings.handle, username))
  .setKeyPairsDispatcher(async (ctx, identifier) => {
    if (!parseAccountId(identifier)) return [];
    const { privateKey, publicKey } = await ctx.data.keys.keyPairOf(identifier);
    return [{ privateKey, publicKey }];
  });

builder
  .setOutboxDispatcher(AP_PATHS.outbox, async (ctx, identifier, cursor) => {
    if (cursor === null) return null;
    const account = await accountById(ctx.data.accounts, identifier);
    const offset = Number(cursor);
    if (!account || !Number.isSafeInteger(offset) || offset < 0) return null;
    const { items, total } = await ctx.data.stories.list({
      scope: { kind: 'published' },
      authorId: account.kind === 'author' ? account.user.id : undefined,
      order: 'published',
      limit: OUTBOX_PAGE,
      offset,
    });
    const generations = await ctx.data.outbox.generations(
      'story',
      items.map((story) => story.id),
    );
    const activities = items.map((story) => {
      const draft = storyDraft(story);
      const article = objectOf(ctx.data.uris, { draft, generation: generations.get(story.id)?.generation ?? 1, replyToGeneration: null });
      return new Create({
        id: new URL(`${article.id!.href}#create`),
        actor: ctx.data.uris.actor(draft.account),
        object: article,
        published: article.published,
        tos: article.toIds,
        ccs: article.ccIds,
      });
    });
    return { items: activities, nextCursor: offset + OUTBOX_PAGE < total ? String(offset + OUTBOX_PAGE) : null };
  })
  .setFirstCursor(() => '0')
  .setCounter(async (ctx, identifier) => {
    const account = await accountById(ctx.data.accounts, identifier);
    if (!account) return null;
    const { total } = await ctx.data.stories.list({
      scope: { kind: 'published' },
      authorId: account.kind === 'author' ? account.user.id : undefined,
      limit: 1,
      offset: 0,
    });
    return total;
  });

builder.setObjectDispatcher(Article, AP_PATHS.article, (ctx, { id }) => objectAt(ctx, 'story', id) as Promise<Article | null>);
builder.setObjectDispatcher(Note, AP_PATHS.note, (ctx, { id }) => objectAt(ctx, 'update', id) as Promise<Note | null>);

builder.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => ({
  software: { name: 'the-newsroom', version: '0.1.0', homepage: ctx.data.uris.page('/') },
  protocols: ['activitypub'],
  openRegistrations: false,
  usage: {
    users: {},
    localPosts: (await ctx.data.stories.list({ scope: { kind: 'published' }, limit: 1, offset: 0 })).total,
    localComments: 0,
  },
}));

/** Which of our accounts an inbox request is for: the one in its path, or the one its activity names. */
function recipientOf(ctx: InboxContext<FederationData>, object: URL | null): string | null {
  if (ctx.recipient) return ctx.recipient;
  const parsed = object ? ctx.parseUri(object) : null;
  return parsed?.type === 'actor' ? parsed.identifier : null;
}

builder
  .setInboxListeners(AP_PATHS.inbox, AP_PATHS.sharedInbox)
  .on(Follow, async (ctx, activity) => {
    const account = recipientOf(ctx, activity.objectId);
    if (!account || activity.objectId?.href !== ctx.data.uris.actor(account).href) return;
    if (!(await accountById(ctx.data.accounts, account))) return;
    const actor = await activity.getActor({ documentLoader: ctx.data.documentLoader, contextLoader: ctx.data.documentLoader });
    if (!actor || !isActor(actor) || !actor.id || actor.id.href !== activity.actorId?.href) return;
    const writer = new VocabActivityWriter(ctx.data.uris, ctx.data.documentLoader);
    const acceptBody = await writer.accept(account, activity);
    // Which inbox (on the actor's own server only), and whether to answer at all, is the service's call.
    await follow(
      ctx.data.inbox,
      {
        account,
        actor: remoteActor(actor),
        inboxes: { shared: actor.endpoints?.sharedInbox?.href ?? null, own: actor.inboxId?.href ?? null },
        followUri: activity.id?.href ?? null,
      },
      { id: writer.newId(), account, type: 'Accept', storyId: null, body: acceptBody },
    );
  })
  .on(Undo, async (ctx, undo) => {
    const actorUri = undo.actorId?.href;
    if (!actorUri) return;
    const object = await undo
      .getObject({ documentLoader: ctx.data.documentLoader, contextLoader: ctx.data.documentLoader })
      .catch(() => null);
    if (object instanceof Follow) {
      const account = recipientOf(ctx, object.objectId);
      if (account && object.actorId?.href === actorUri) await unfollow(ctx.data.inbox, account, actorUri);
    } else if (undo.objectId) {
      await undoReaction(ctx.data.inbox, undo.objectId.href, actorUri);
    }
  })
  .on(Create, async (ctx, create) => {
    const object = await create.getObject({ documentLoader: ctx.data.documentLoader, contextLoader: ctx.data.documentLoader });
    if (!(object instanceof Note) || !object.id || !create.actorId) return;
    // Only a note written by the one who sent it, on their own server.
    if (object.attributionId?.href !== create.actorId.href || object.id.host !== create.actorId.host) return;
    const actor = await create.getActor({ documentLoader: ctx.data.documentLoader, contextLoader: ctx.data.documentLoader });
    if (!actor || !isActor(actor)) return;
    await receiveReply(ctx.data.inbox, {
      uri: object.id.href,
      inReplyTo: object.replyTargetId?.href ?? null,
      actor: remoteActor(actor),
      url: object.url instanceof URL ? object.url.href : (object.url?.href?.href ?? null),
      content: object.content?.toString() ?? '',
      // Our own timestamps' form (milliseconds always written), so replies sort by their text as by time.
      published: object.published ? new Date(object.published.epochMilliseconds).toISOString() : null,
    });
  })
  .on(Update, async (ctx, update) => {
    const object = await update.getObject({ documentLoader: ctx.data.documentLoader, contextLoader: ctx.data.documentLoader });
    if (!(object instanceof Note) || !object.id || !update.actorId) return;
    if (object.attributionId?.href !== update.actorId.href) return;
    await editReply(ctx.data.inbox, {
      uri: object.id.href,
      actor: { uri: update.actorId.href, name: null, handle: null, url: null },
      content: object.content?.toString() ?? '',
    });
  })
  .on(Delete, async (ctx, activity) => {
    if (!activity.actorId || !activity.objectId) return;
    await receiveDelete(ctx.data.inbox, activity.actorId.href, activity.objectId.href);
  })
  .on(Like, async (ctx, like) => {
    if (!like.id || !like.actorId) return;
    await receiveReaction(ctx.data.inbox, {
      kind: 'like',
      activityUri: like.id.href,
      actorUri: like.actorId.href,
      objectUri: like.objectId?.href ?? null,
    });
  })
  .on(Announce, async (ctx, announce) => {
    if (!announce.id || !announce.actorId) return;
    await receiveReaction(ctx.data.inbox, {
      kind: 'boost',
      activityUri: announce.id.href,
      actorUri: announce.actorId.href,
      objectUri: announce.objectId?.href ?? null,
    });
  })
  .onError((_ctx, error) => {
    console.error('A fediverse activity could not be handled', error);
  });

/**
 * The federation for one request, with our own key-value store and document loader (which holds the
 * address policy, FEDERATION_ALLOW_PRIVATE included), ids made of the pinned origin.
 */
export function federationFor(data: FederationData, kv: D1KvStore): Promise<Federation<FederationData>> {
  return builder.build({
    kv,
    origin: data.settings.origin,
    documentLoaderFactory: () => data.documentLoader,
    contextLoaderFactory: () => data.documentLoader,
    authenticatedDocumentLoaderFactory: data.authenticatedDocumentLoader,
    skipSignatureVerification: false,
  });
}
