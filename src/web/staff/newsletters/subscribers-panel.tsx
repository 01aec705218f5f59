import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { NewsletterAnswer } from '../../../domain/newsletters/answers.ts';
import { formatDay } from '../../../domain/dates.ts';
import { ApiError } from '../../api/client.ts';
import { CheckboxField, SelectField, TextField } from '../../forms/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { saveFile } from '../../ui/save-file.ts';
import {
  allNewslettersQuery,
  importSubscribers,
  subscribersCsv,
  subscribersQuery,
  SUBSCRIBERS_PAGE,
  type ImportResult,
  type SubscriberFilter,
  type SubscriberStatus,
} from './newsletter-api.ts';

const STATUSES: SubscriberStatus[] = ['subscribed', 'pending', 'unsubscribed', 'suppressed'];

/** One newsletter's subscribers: filter by status, search, page through, export as CSV, import a CSV with consent. */
export function SubscribersPanel({ newsletter }: { newsletter: NewsletterAnswer }) {
  const [filter, setFilter] = useState<SubscriberFilter>({ status: '', q: '', offset: 0 });
  const [search, setSearch] = useState('');
  const list = useQuery({ ...subscribersQuery(newsletter.id, filter), placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter((current) => ({ ...current, q: search.trim(), offset: 0 }));
  };
  return (
    <section className="card subscribers-panel" aria-labelledby="subscribers-title">
      <div className="card-heading">
        <div>
          <h2 className="card-title" id="subscribers-title">
            Subscribers of {newsletter.name}
          </h2>
          <p className="muted small">{list.data ? `${total.toLocaleString('en-US')} matching` : ' '}</p>
        </div>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void subscribersCsv(newsletter.id, filter).then((blob) => saveFile(blob, `${newsletter.slug}-subscribers.csv`))}
        >
          Export CSV
        </button>
      </div>
      <form className="subscribers-filter" onSubmit={onSearch} role="search">
        <SelectField
          label="Status"
          name="status"
          value={filter.status}
          onChange={(event) => setFilter((current) => ({ ...current, status: event.target.value as SubscriberStatus | '', offset: 0 }))}
        >
          <option value="">Any</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <TextField label="Search addresses" name="q" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </form>
      {list.isPending ? <Spinner label="Loading subscribers" /> : null}
      {list.isError ? (
        <p role="alert" className="field-error">
          Subscribers could not be loaded.
        </p>
      ) : null}
      {list.data && list.data.subscribers.length === 0 ? <p className="empty-state">No subscribers match.</p> : null}
      {list.data && list.data.subscribers.length > 0 ? (
        <table className="subscribers-table">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Status</th>
              <th scope="col">Since</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {list.data.subscribers.map((row) => (
              <tr key={row.email}>
                <td>{row.email}</td>
                <td>{row.status}</td>
                <td>{row.subscribedAt ? formatDay(row.subscribedAt) : '–'}</td>
                <td>{row.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {total > SUBSCRIBERS_PAGE ? (
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={filter.offset === 0}
            onClick={() => setFilter((current) => ({ ...current, offset: Math.max(0, current.offset - SUBSCRIBERS_PAGE) }))}
          >
            Previous
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={filter.offset + SUBSCRIBERS_PAGE >= total}
            onClick={() => setFilter((current) => ({ ...current, offset: current.offset + SUBSCRIBERS_PAGE }))}
          >
            Next
          </button>
        </div>
      ) : null}
      <ImportForm newsletter={newsletter} />
    </section>
  );
}

function importSummary(result: ImportResult): string {
  const bad =
    result.invalid.length > 0 ? ` Not imported: ${result.invalid.map((row) => `line ${row.line} (${row.reason})`).join('; ')}.` : '';
  return `Imported ${result.imported}, skipped ${result.skipped} (already there, unsubscribed or suppressed).${bad}`;
}

function ImportForm({ newsletter }: { newsletter: NewsletterAnswer }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [said, setSaid] = useState('');
  const run = useMutation({
    mutationFn: () => importSubscribers(newsletter.id, file!, consent),
    onSuccess: async (result) => {
      setSaid(importSummary(result));
      await queryClient.invalidateQueries({ queryKey: ['newsletters', newsletter.id] });
      await queryClient.invalidateQueries({ queryKey: allNewslettersQuery().queryKey });
    },
    onError: (error) => setSaid(error instanceof ApiError ? (error.serverMessage ?? error.message) : 'The import failed.'),
  });
  return (
    <form
      className="subscribers-import"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return setSaid('Choose a CSV file first.');
        if (!consent) return setSaid('Confirm that these people agreed to get this newsletter.');
        run.mutate();
      }}
    >
      <h3>Import subscribers</h3>
      <p className="muted small">A CSV with an email column, and optionally name and subscribedAt. Suppressed addresses are skipped.</p>
      <TextField
        label="CSV file"
        name="file"
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <CheckboxField
        label="Everyone in this file agreed to get this newsletter"
        name="consent"
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
      />
      <button type="submit" className="button button-primary button-small" disabled={run.isPending}>
        {run.isPending ? 'Importing...' : 'Import'}
      </button>
      <p className="form-status" role="status" aria-live="polite">
        {said}
      </p>
    </form>
  );
}
