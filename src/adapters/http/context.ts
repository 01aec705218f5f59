import type { User } from '../../domain/users/entities.ts';
import type { SignedInSession } from '../../domain/security/ports.ts';
import type { AppDeps } from '../app-deps.ts';
import type { SCOPES_CHANGED } from './middleware/edge-cache.ts';
import type { Context } from 'hono';
import type { ReaderLevel } from '../../domain/members/access.ts';

/** The level a request reads stories at (decision 090), worked out once per request: the edge cache and the route both ask. */
export type ReaderLevelOf = (c: Context) => Promise<ReaderLevel>;

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    /** The signed-in user, or null for an anonymous request (also when the token is not valid). */
    user: User | null;
    tokenHash: string | null;
    /** Set by a write that changed only these edge-cache scopes (a live blog's updates): only they are refreshed. */
    [SCOPES_CHANGED]: readonly string[];
    /** The signed-in user's session (null when anonymous). */
    session: SignedInSession | null;
    /** The request's reader level (decision 090): how much of a gated story it may read. */
    readerLevelOf: ReaderLevelOf;
  };
};
