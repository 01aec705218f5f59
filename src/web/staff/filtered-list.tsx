import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../forms/form-field.tsx';
import { Spinner } from '../ui/spinner.tsx';

/**
 * A staff list of readers filtered by a status and a search, a page at a time: the Members tab's list
 * and a newsletter's subscribers. What each list shows per row stays with it.
 */
export interface ListFilter<S extends string> {
  status: S | '';
  q: string;
  offset: number;
}

export function useListFilter<S extends string>() {
  const [filter, setFilter] = useState<ListFilter<S>>({ status: '', q: '', offset: 0 });
  const [search, setSearch] = useState('');
  return {
    filter,
    search,
    setSearch,
    /** A new search or status starts again at the first page. */
    submitSearch: (event: FormEvent) => {
      event.preventDefault();
      setFilter((current) => ({ ...current, q: search.trim(), offset: 0 }));
    },
    setStatus: (status: S | '') => setFilter((current) => ({ ...current, status, offset: 0 })),
    setOffset: (offset: number) => setFilter((current) => ({ ...current, offset })),
  };
}

export function ListFilterForm<S extends string>({
  list,
  statuses,
  statusLabel,
  searchLabel,
}: {
  list: ReturnType<typeof useListFilter<S>>;
  statuses: readonly S[];
  statusLabel: string;
  searchLabel: string;
}) {
  return (
    <form className="subscribers-filter" onSubmit={list.submitSearch} role="search">
      <SelectField
        label={statusLabel}
        name="status"
        value={list.filter.status}
        onChange={(event) => list.setStatus(event.target.value as S | '')}
      >
        <option value="">Any</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </SelectField>
      <TextField label={searchLabel} name="q" type="search" value={list.search} onChange={(event) => list.setSearch(event.target.value)} />
      <button type="submit" className="button button-secondary">
        Search
      </button>
    </form>
  );
}

/** Loading, failed, or nothing matching: `what` names the rows ("members"). */
export function ListState({
  query,
  what,
  rows,
}: {
  query: { isPending: boolean; isError: boolean };
  what: string;
  rows: number | undefined;
}) {
  return (
    <>
      {query.isPending ? <Spinner label={`Loading ${what}`} /> : null}
      {query.isError ? (
        <p role="alert" className="field-error">
          {what.charAt(0).toUpperCase() + what.slice(1)} could not be loaded.
        </p>
      ) : null}
      {rows === 0 ? <p className="empty-state">No {what} match.</p> : null}
    </>
  );
}

/** Previous and Next, once there is more than a page. */
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <div className="button-row">
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        Previous
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={offset + pageSize >= total}
        onClick={() => onOffset(offset + pageSize)}
      >
        Next
      </button>
    </div>
  );
}
