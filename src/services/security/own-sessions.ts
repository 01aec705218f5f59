import type { AuditEntry } from '../../domain/audit/audit.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { SessionRepository, SessionSummary } from '../../domain/security/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { User } from '../../domain/users/entities.ts';

/** A signed-in user's own sessions (docs/product/api-sign-in-security.md#sessions): list, end one, end the others, sign out. */
export interface OwnSessionsDeps {
  sessions: Pick<SessionRepository, 'listForUser' | 'revokeById' | 'revokeOthers' | 'revoke'>;
  clock: Clock;
}

/** The user's live sessions, the one asking marked `current`. */
export async function listOwnSessions(
  deps: OwnSessionsDeps,
  user: User,
  currentSessionId: number,
): Promise<(SessionSummary & { current: boolean })[]> {
  const sessions = await deps.sessions.listForUser(user.id, deps.clock.now());
  return sessions.map((session) => ({ ...session, current: session.id === currentSessionId }));
}

/** "Sign out everywhere else": every session but the one asking, audited; how many ended. */
export async function endOtherSessions(deps: OwnSessionsDeps, user: User, currentSessionId: number): Promise<number> {
  const audit: AuditEntry[] = [
    { action: 'auth.other_sessions_ended', actorId: user.id, target: { type: 'user', id: user.id, label: user.username } },
  ];
  return deps.sessions.revokeOthers(user.id, currentSessionId, deps.clock.now(), audit);
}

/** Ends one of the user's sessions, audited. Another user's session is no session of theirs: 404, whether it exists or not. */
export async function endOwnSession(deps: OwnSessionsDeps, user: User, sessionId: number): Promise<void> {
  const audit: AuditEntry[] = [{ action: 'auth.session_ended', actorId: user.id, target: { type: 'session', id: sessionId, label: null } }];
  if (!(await deps.sessions.revokeById(user.id, sessionId, deps.clock.now(), audit))) throw new NotFoundError('Session');
}

/** POST /api/auth/logout: the session behind this token ends. */
export async function signOut(deps: OwnSessionsDeps, tokenHash: string): Promise<void> {
  await deps.sessions.revoke(tokenHash, deps.clock.now());
}

/** The live session behind a token's hash and its user (a publisher's WebSocket carries its token itself), or null. */
export async function sessionByTokenHash(deps: { sessions: Pick<SessionRepository, 'findSession'>; clock: Clock }, tokenHash: string) {
  return deps.sessions.findSession(tokenHash, deps.clock.now());
}
