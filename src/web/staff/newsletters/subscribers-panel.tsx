import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewsletterAnswer } from '../../../domain/newsletters/answers.ts';
import { formatDay } from '../../../domain/dates.ts';
import { ApiError } from '../../api/client.ts';
import { CheckboxField, TextField } from '../../forms/form-field.tsx';
import { saveFile } from '../../ui/save-file.ts';
import { ListFilterForm, ListState, Pager, useListFilter } from '../filtered-list.tsx';
import {
  allNewslettersQuery,
  importSubscribers,
  subscribersCsv,
  subscribersQuery,
  SUBSCRIBERS_PAGE,
  type ImportResult,
  type SubscriberStatus,
} from './newsletter-api.ts';

const STATUSES: SubscriberStatus[] = ['subscribed', 'pending', 'unsubscribed', 'suppressed'];

/** One newsletter's subscribers: filter by status, search, page through, export as CSV, import a CSV with consent. */
export function SubscribersPanel({ newsletter }: { newsletter: NewsletterAnswer }) {
  const list = useListFilter<SubscriberStatus>();
  const subscribers = useQuery({ ...subscribersQuery(newsletter.id, list.filter), placeholderData: keepPreviousData });
  const total = subscribers.data?.total ?? 0;
  return (
    <section className="card subscribers-panel" aria-labelledby="subscribers-title">
      <div className="card-heading">
        <div>
          <h2 className="card-title" id="subscribers-title">
            Subscribers of {newsletter.name}
          </h2>
          <p className="muted small">{subscribers.data ? `${total.toLocaleString('en-US')} matching` : ' '}</p>
        </div>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() =>
            void subscribersCsv(newsletter.id, list.filter).then((blob) => saveFile(blob, `${newsletter.slug}-subscribers.csv`))
          }
        >
          Export CSV
        </button>
      </div>
      <ListFilterForm list={list} statuses={STATUSES} statusLabel="Status" searchLabel="Search addresses" />
      <ListState query={subscribers} what="subscribers" rows={subscribers.data?.subscribers.length} />
      {subscribers.data && subscribers.data.subscribers.length > 0 ? (
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
            {subscribers.data.subscribers.map((row) => (
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
      <Pager offset={list.filter.offset} pageSize={SUBSCRIBERS_PAGE} total={total} onOffset={list.setOffset} />
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
