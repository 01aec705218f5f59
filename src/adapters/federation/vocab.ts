import {
  Accept,
  Announce,
  Article,
  Create,
  Delete,
  Follow,
  Hashtag,
  Image,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  Update,
} from '@fedify/fedify/vocab';
import type { DocumentLoader } from '@fedify/fedify/runtime';
import { Temporal } from '@js-temporal/polyfill';
import { NEWSROOM_ACCOUNT } from '../../domain/federation/accounts.ts';
import type { ObjectKind } from '../../domain/federation/objects.ts';
import { isResizablePicture, pictureAt } from '../../domain/media/picture.ts';
import type { ActivityWriter, SendableObject } from '../../services/federation/sync-changes.ts';
import { toHex } from '../crypto/bytes.ts';
import type { ApUris } from './ap-uris.ts';

/** The picture followers see: the story's own at a width apps show well (a resized copy when it is one of ours). */
function pictureUrl(uris: ApUris, path: string): URL {
  return uris.page(isResizablePicture(path) ? pictureAt(path, 1280) : path);
}

function instant(iso: string) {
  return Temporal.Instant.from(iso);
}

/** The Article or Note of a draft, addressed to everyone, copied to its author's and the newsroom's followers. */
export function objectOf(
  uris: ApUris,
  { draft, generation, replyToGeneration }: SendableObject,
  updated: string | null = null,
): Article | Note {
  const values = {
    id: uris.object(draft.kind, draft.ref, generation),
    attribution: uris.actor(draft.account),
    name: draft.name,
    summary: draft.summary,
    content: draft.content,
    url: uris.page(draft.path),
    published: instant(draft.published),
    updated: updated ? instant(updated) : null,
    image: draft.image ? new Image({ url: pictureUrl(uris, draft.image.path), name: draft.image.alt }) : null,
    tags: draft.hashtags.map((tag) => new Hashtag({ name: tag.name, href: uris.page(tag.path) })),
    tos: [PUBLIC_COLLECTION],
    ccs: [...new Set([draft.account, NEWSROOM_ACCOUNT])].map((account) => uris.followers(account)),
    replyTarget: draft.inReplyTo ? uris.object(draft.inReplyTo.kind, draft.inReplyTo.ref, replyToGeneration ?? 1) : null,
  };
  return draft.type === 'Article' ? new Article(values) : new Note(values);
}

/** Builds activities' JSON for the fan-out, every id made of the pinned origin. */
export class VocabActivityWriter implements ActivityWriter {
  constructor(
    private readonly uris: ApUris,
    private readonly contextLoader: DocumentLoader,
  ) {}

  private json(activity: Create | Update | Delete | Announce | Accept): Promise<string> {
    return activity.toJsonLd({ format: 'compact', contextLoader: this.contextLoader }).then((json) => JSON.stringify(json));
  }

  create(object: SendableObject): Promise<string> {
    const note = objectOf(this.uris, object);
    return this.json(
      new Create({
        id: new URL(`${note.id!.href}#create`),
        actor: this.uris.actor(object.draft.account),
        object: note,
        published: instant(object.draft.published),
        tos: [PUBLIC_COLLECTION],
        ccs: note.ccIds,
      }),
    );
  }

  update(object: SendableObject, updated: string): Promise<string> {
    const note = objectOf(this.uris, object, updated);
    return this.json(
      new Update({
        id: new URL(`${note.id!.href}#update-${Date.parse(updated)}`),
        actor: this.uris.actor(object.draft.account),
        object: note,
        updated: instant(updated),
        tos: [PUBLIC_COLLECTION],
        ccs: note.ccIds,
      }),
    );
  }

  delete(kind: ObjectKind, ref: number, generation: number, account: string, deleted: string): Promise<string> {
    const id = this.uris.object(kind, ref, generation);
    return this.json(
      new Delete({
        id: new URL(`${id.href}#delete`),
        actor: this.uris.actor(account),
        object: new Tombstone({ id, deleted: instant(deleted) }),
        tos: [PUBLIC_COLLECTION],
        ccs: [...new Set([account, NEWSROOM_ACCOUNT])].map((who) => this.uris.followers(who)),
      }),
    );
  }

  announce(object: SendableObject, published: string): Promise<string> {
    const id = this.uris.object(object.draft.kind, object.draft.ref, object.generation);
    return this.json(
      new Announce({
        id: new URL(`${id.href}#announce`),
        actor: this.uris.actor(NEWSROOM_ACCOUNT),
        object: id,
        published: instant(published),
        tos: [PUBLIC_COLLECTION],
        ccs: [this.uris.followers(NEWSROOM_ACCOUNT), this.uris.actor(object.draft.account)],
      }),
    );
  }

  /** The account's answer to a Follow, naming the follow as they sent it (Mastodon finds its request by it). */
  accept(account: string, follow: Follow): Promise<string> {
    return this.json(
      new Accept({
        id: new URL(`${this.uris.actor(account).href}#accepts/${this.newId()}`),
        actor: this.uris.actor(account),
        object: new Follow({ id: follow.id, actor: follow.actorId, object: follow.objectId }),
        to: follow.actorId,
      }),
    );
  }

  newId(): string {
    return toHex(crypto.getRandomValues(new Uint8Array(16)));
  }
}
