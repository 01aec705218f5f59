import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewsletterAnswer } from '../../../domain/newsletters/answers.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { ManagementHeading } from '../admin/management-heading.tsx';
import { allNewslettersQuery } from './newsletter-api.ts';
import { NewsletterDialog } from './newsletter-dialog.tsx';
import { PostalAddressCard } from './postal-address-card.tsx';
import { SubscribersPanel } from './subscribers-panel.tsx';
import { countOf } from '../../../domain/plural.ts';

/** The admin's Newsletters tab: every newsletter (active or not) with its subscriber count; add, edit, and its subscribers. */
export function NewsletterManagement() {
  const newsletters = useQuery(allNewslettersQuery());
  const [dialog, setDialog] = useState<{ newsletter: NewsletterAnswer | null } | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const shown = newsletters.data?.find((newsletter) => newsletter.id === shownId) ?? null;
  return (
    <div className="admin-grid">
      <section className="card" aria-labelledby="newsletters-title">
        <ManagementHeading
          id="newsletters-title"
          title="Newsletters"
          note="The newsroom’s own and one per beat where wanted. Readers subscribe on the site and confirm by mail."
          addLabel="Add Newsletter"
          onAdd={() => setDialog({ newsletter: null })}
        />
        {newsletters.isPending ? <Spinner label="Loading newsletters" /> : null}
        {newsletters.isError ? (
          <p role="alert" className="field-error">
            Newsletters could not be loaded.
          </p>
        ) : null}
        {newsletters.data?.length === 0 ? <p className="empty-state">No newsletters yet. Add the first one.</p> : null}
        {newsletters.data && newsletters.data.length > 0 ? (
          <ul className="beat-list newsletter-admin-list">
            {newsletters.data.map((newsletter) => (
              <li key={newsletter.id} className="beat-item">
                <div className="beat-main">
                  <h3 className="beat-name newsletter-name">
                    {newsletter.name} {newsletter.isActive ? null : <span className="badge">Inactive</span>}
                  </h3>
                  <p className="muted small">
                    {newsletter.beat ? newsletter.beat.name : 'The newsroom’s own'} · /{newsletter.slug} ·{' '}
                    {countOf(newsletter.subscribers ?? 0, 'subscriber')}
                  </p>
                </div>
                <div className="button-row">
                  <button type="button" className="button button-secondary button-small" onClick={() => setShownId(newsletter.id)}>
                    Subscribers<span className="visually-hidden"> of {newsletter.name}</span>
                  </button>
                  <button type="button" className="button button-secondary button-small" onClick={() => setDialog({ newsletter })}>
                    Edit<span className="visually-hidden"> {newsletter.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <NewsletterDialog open={dialog !== null} newsletter={dialog?.newsletter ?? null} onClose={() => setDialog(null)} />
      </section>
      <PostalAddressCard />
      {shown ? <SubscribersPanel key={shown.id} newsletter={shown} /> : null}
    </div>
  );
}
