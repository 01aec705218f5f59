import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import type { SessionRepository, LockoutWindow, SignInMethod, SignInProof, SignInSecrets } from '../../domain/security/ports.ts';
import { addSeconds } from '../../domain/time.ts';

/** A session without "Remember me" lasts a working day. */
export const SHORT_SESSION_HOURS = 12;
const USER_AGENT_MAX = 512;

export interface OpenSessionDeps {
  sessions: Pick<SessionRepository, 'create'>;
  secrets: Pick<SignInSecrets, 'newToken' | 'tokenHash'>;
  /** How long a "Remember me" session lasts (SESSION_TTL_HOURS). */
  sessionTtlHours: number;
}

export interface OpenSessionOptions {
  now: string;
  remember: boolean;
  userAgent: string | null;
  proof: SignInProof;
  method: SignInMethod;
  /** The lockout the sign-in counts toward: the session opens only while it is not locked, and clears its failures. */
  lockout?: LockoutWindow;
}

/** The User-Agent as a session keeps it (the sessions list shows it), cut to its column's size. */
export function sessionUserAgent(agent: string | null | undefined): string | null {
  return agent ? agent.slice(0, USER_AGENT_MAX) : null;
}

/**
 * Opens a session for `user` if `proof` holds and the lockout is not reached (using the proof up and
 * clearing the failures in the same write), with its audit entry; the token, or null when it did
 * not open (a replayed code, a used challenge, a lockout reached meanwhile).
 */
export async function openSession(deps: OpenSessionDeps, user: User, options: OpenSessionOptions): Promise<string | null> {
  const { now, remember, userAgent, proof, method, lockout } = options;
  const token = deps.secrets.newToken();
  const hours = remember ? deps.sessionTtlHours : SHORT_SESSION_HOURS;
  const audit: AuditEntry[] = [
    { action: 'auth.login_succeeded', actorId: user.id, target: { type: 'user', id: user.id, label: user.username }, detail: { method } },
  ];
  const opened = await deps.sessions.create(
    {
      tokenHash: await deps.secrets.tokenHash(token),
      userId: user.id,
      createdAt: now,
      expiresAt: addSeconds(now, hours * 3600),
      userAgent: sessionUserAgent(userAgent),
      method,
    },
    { proof, audit, lockout },
  );
  return opened ? token : null;
}
