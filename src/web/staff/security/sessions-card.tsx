import { useQuery } from '@tanstack/react-query';
import { formatFullDate } from '../../../domain/dates.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { deviceName } from './device-name.ts';
import { endOtherSessions, endSession, sessionsQuery } from './security-api.ts';
import { useSecurityChange } from './use-security-change.ts';

/** Where the user is signed in: device, when, last seen, this device; sign out one, or everywhere else. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery());
  const refresh = [sessionsQuery().queryKey];
  const endOne = useSecurityChange(endSession, { done: 'Signed out', failed: 'Could not sign that session out' }, refresh);
  const endOthers = useSecurityChange(
    endOtherSessions,
    { done: 'Signed out everywhere else', failed: 'Could not sign the other sessions out' },
    refresh,
  );
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <section className="card security-card" aria-labelledby="sessions-title">
      <h2 className="card-title" id="sessions-title">
        Where you are signed in
      </h2>
      {sessions.isPending ? <Spinner label="Loading your sessions" /> : null}
      <ul className="security-list" aria-label="Sessions">
        {(sessions.data ?? []).map((session) => (
          <li key={session.id}>
            <div>
              <strong>{deviceName(session.userAgent)}</strong>{' '}
              {session.current ? <span className="badge badge-active">This device</span> : null}
              <p className="muted small">
                Signed in {formatFullDate(session.createdAt)} · last seen {formatFullDate(session.lastSeenAt)}
              </p>
            </div>
            {session.current ? null : (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={`Sign out ${deviceName(session.userAgent)}, signed in ${formatFullDate(session.createdAt)}`}
                onClick={() => endOne.mutate(session.id)}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={others === 0 || endOthers.isPending}
        onClick={() => endOthers.mutate(undefined)}
      >
        Sign out everywhere else
      </button>
    </section>
  );
}
