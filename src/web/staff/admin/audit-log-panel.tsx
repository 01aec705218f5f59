import { useInfiniteQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditRecord } from '../../../domain/audit/audit.ts';
import { auditActionWords, auditTargetWords } from '../../../domain/audit/audit-words.ts';
import type { User } from '../../../domain/users/entities.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { SelectField } from '../../forms/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AUDIT_PAGE_SIZE, auditPage, type AuditFilter } from '../security/security-api.ts';

function detailText(entry: AuditRecord): string {
  return Object.entries(entry.detail)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** The Audit tab: who did what to what, newest first, by person and by action, a page at a time. */
export function AuditLogPanel({ users }: { users: UseQueryResult<User[]> }) {
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useInfiniteQuery({
    queryKey: ['/api/audit', filter] as const,
    queryFn: ({ pageParam }) => auditPage(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === AUDIT_PAGE_SIZE ? last.at(-1)!.id : undefined),
  });
  const entries = log.data?.pages.flat() ?? [];
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 className="card-title" id="audit-title">
        Audit log
      </h2>
      <p className="muted small">
        Every sign-in, security change, change of staff and publication, newest first. Nobody can edit or delete it.
      </p>
      <div className="audit-filters">
        <SelectField
          label="Person"
          value={filter.actorId ?? ''}
          onChange={(event) => setFilter((f) => ({ ...f, actorId: event.target.value ? Number(event.target.value) : undefined }))}
        >
          <option value="">Everyone</option>
          {(users.data ?? []).map((user) => (
            <option key={user.id} value={user.id}>
              {user.username}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Action"
          value={filter.action ?? ''}
          onChange={(event) => setFilter((f) => ({ ...f, action: event.target.value || undefined }))}
        >
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionWords(action)}
            </option>
          ))}
        </SelectField>
      </div>
      {log.isPending ? <Spinner label="Loading the audit log" /> : null}
      {log.isSuccess && entries.length === 0 ? <p className="muted">Nothing recorded matches.</p> : null}
      {entries.length > 0 ? (
        <table className="audit-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">On</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatFullDate(entry.at)}</td>
                <td>{entry.actor?.username ?? <span className="muted">system</span>}</td>
                <td>
                  <span title={entry.action}>{auditActionWords(entry.action)}</span>
                </td>
                <td>{entry.target ? `${auditTargetWords(entry.target.type)}: ${entry.target.label ?? entry.target.id ?? ''}` : ''}</td>
                <td className="small">{detailText(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {log.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Older entries'}
        </button>
      ) : null}
    </section>
  );
}
