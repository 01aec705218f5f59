import { objectPath, type ObjectKind } from '../../domain/federation/objects.ts';

/**
 * Our addresses in the fediverse, all under /ap (Fedify's routes in federation.ts use the same):
 * an account's actor and its collections, the shared inbox, and the objects (objects.ts).
 */
export const AP_PATHS = {
  actor: '/ap/actors/{identifier}',
  inbox: '/ap/actors/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/actors/{identifier}/outbox',
  followers: '/ap/actors/{identifier}/followers',
  article: '/ap/articles/{id}',
  note: '/ap/notes/{id}',
} as const;

export class ApUris {
  constructor(readonly origin: string) {}

  private at(path: string): URL {
    return new URL(path, this.origin);
  }

  actor(account: string): URL {
    return this.at(`/ap/actors/${account}`);
  }
  keyId(account: string): URL {
    return new URL(`${this.actor(account).href}#main-key`);
  }
  inbox(account: string): URL {
    return this.at(`/ap/actors/${account}/inbox`);
  }
  sharedInbox(): URL {
    return this.at('/ap/inbox');
  }
  outbox(account: string): URL {
    return this.at(`/ap/actors/${account}/outbox`);
  }
  followers(account: string): URL {
    return this.at(`/ap/actors/${account}/followers`);
  }
  object(kind: ObjectKind, ref: number, generation: number): URL {
    return this.at(objectPath(kind, ref, generation));
  }
  page(path: string): URL {
    return this.at(path);
  }
}
