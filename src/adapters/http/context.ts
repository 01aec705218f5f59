import type { User } from '../../domain/entities.ts';
import type { SignedInSession } from '../../domain/security-ports.ts';
import type { AppDeps } from '../app-deps.ts';

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    /** The signed-in user, or null for an anonymous request (also when the token is not valid). */
    user: User | null;
    tokenHash: string | null;
    /** The signed-in user's session (null when anonymous). */
    session: SignedInSession | null;
  };
};
