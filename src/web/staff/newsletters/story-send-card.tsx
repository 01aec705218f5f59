import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { ApiError, apiRequest, send as sendRequest } from '../../api/client.ts';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { SelectField } from '../../forms/form-field.tsx';
import { countOf, groupedNumber } from '../../../domain/plural.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { allNewslettersQuery, newsletterSendsQuery, type SendAnswer } from './newsletter-api.ts';

/**
 * The editor's "Newsletter" card (docs/product/api-readers.md): pick a newsletter, preview the
 * email at desktop and phone widths, "Send a test to me", then "Send" (a published story),
 * "Send when published" (a scheduled one) or "Publish and send" (a draft: the editor publishes,
 * then sends), each asked first in a dialog that names the audience ("Send to 10,214 subscribers of
 * The Port Alden Briefing?"; Cancel sends nothing). The send's progress is polled while it runs,
 * and its figures stay after.
 */

const WIDTHS = { desktop: 680, phone: 375 } as const;

export function storySendRequest(storyId: number, newsletter: string, test = false): Promise<SendAnswer | { test: true; to: string }> {
  return apiRequest('POST', `/api/stories/${storyId}/send`, { newsletter, test });
}

function failure(error: unknown): string {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Something went wrong.';
}

const count = groupedNumber;

/** Still to go out: sending, or queued for a story that is published (its send job is about to start). */
const running = (send: SendAnswer, story: Story) => send.state === 'sending' || (send.state === 'queued' && story.status === 'published');

export function sendProgress(send: SendAnswer, story: Story): string {
  if (send.state === 'queued') return story.status === 'published' ? 'Starting the send…' : 'Queued: sent when the story is published.';
  const delivered = `${count(send.delivered)} of ${count(send.recipients)} sent`;
  if (send.state === 'sending') return delivered;
  return `${send.state === 'failed' ? 'Failed' : 'Sent'}: ${delivered}`;
}

function SendFigures({ send, story }: { send: SendAnswer; story: Story }) {
  const figures: [string, number][] = [
    ['Delivered', send.delivered],
    ['Failed', send.failed],
    ['Bounced', send.bounced],
    ['Complained', send.complained],
    ['Unsubscribed', send.unsubscribed],
  ];
  return (
    <div className="send-status">
      <p className="send-progress" role="status" aria-live="polite">
        {sendProgress(send, story)}
      </p>
      {send.recipients > 0 ? <progress max={send.recipients} value={send.delivered + send.failed} aria-label="Send progress" /> : null}
      {send.state === 'sent' || send.state === 'failed' ? (
        <dl className="send-figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{count(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function useStorySend(story: Story, newsletterId: number | null) {
  const sends = useQuery({
    ...newsletterSendsQuery(newsletterId ?? 0),
    enabled: newsletterId !== null,
    select: (list) => list.find((send) => send.storyId === story.id) ?? null,
    refetchInterval: (query) => {
      const mine = query.state.data?.find((send) => send.storyId === story.id);
      return mine && running(mine, story) ? 1500 : false;
    },
  });
  return sends.data ?? null;
}

function Preview({ storyId, slug }: { storyId: number; slug: string }) {
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const preview = useQuery({
    queryKey: ['newsletter-preview', storyId, slug],
    queryFn: async () =>
      (await sendRequest('GET', `/api/stories/${storyId}/newsletter-preview?newsletter=${encodeURIComponent(slug)}`, undefined, {})).text(),
  });
  return (
    <div className="send-preview">
      <div className="button-row" role="group" aria-label="Preview width">
        {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((key) => (
          <button
            key={key}
            type="button"
            className={`button button-small ${width === key ? 'button-primary' : 'button-secondary'}`}
            aria-pressed={width === key}
            onClick={() => setWidth(key)}
          >
            {key === 'desktop' ? 'Desktop' : 'Phone'}
          </button>
        ))}
      </div>
      {preview.isError ? <p className="field-error">{failure(preview.error)}</p> : null}
      {preview.data ? (
        <iframe title="Email preview" className="send-preview-frame" sandbox="" srcDoc={preview.data} style={{ width: WIDTHS[width] }} />
      ) : null}
    </div>
  );
}

export function StorySendCard({ story, onPublishAndSend }: { story: Story; onPublishAndSend?: (newsletter: string) => void }) {
  const queryClient = useQueryClient();
  const newsletters = useQuery({ ...allNewslettersQuery(), select: (list) => list.filter((newsletter) => newsletter.isActive) });
  const [slug, setSlug] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const [showPreview, setShowPreview] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!slug && newsletters.data?.[0]) setSlug(newsletters.data[0].slug);
  }, [newsletters.data, slug]);
  const chosen = newsletters.data?.find((newsletter) => newsletter.slug === slug) ?? null;
  const existing = useStorySend(story, chosen?.id ?? null);

  if (newsletters.data?.length === 0) return null;
  const run = (test: boolean) => {
    setBusy(true);
    setSaid(test ? 'Sending a test…' : 'Starting the send…');
    storySendRequest(story.id, slug, test)
      .then(async (answer) => {
        if ('test' in answer) return setSaid(`Test sent to ${answer.to}.`);
        setSaid('');
        toast({ title: answer.state === 'queued' ? 'Send queued' : 'Sending', variant: 'success' });
        await queryClient.invalidateQueries({ queryKey: newsletterSendsQuery(chosen!.id).queryKey });
      })
      .catch((error: unknown) => setSaid(failure(error)))
      .finally(() => setBusy(false));
  };
  const published = story.status === 'published';
  const scheduled = story.status === 'scheduled';
  const ask = () => {
    // The count the dialog names is read again as it opens: subscribers come and go.
    void newsletters.refetch();
    setConfirming(true);
  };
  const audience = chosen ? `${countOf(chosen.subscribers ?? 0, 'subscriber')} of ${chosen.name}` : '';
  const question = published
    ? { title: `Send to ${audience}?`, action: 'Send now', when: 'now' }
    : scheduled
      ? { title: `Send to ${audience} when it is published?`, action: 'Send when published', when: 'when the story is published' }
      : { title: `Publish and send to ${audience}?`, action: 'Publish and send', when: 'as soon as the story is published' };
  return (
    <section className="card story-send-card" aria-labelledby="story-send-title">
      <h2 className="card-title" id="story-send-title">
        Newsletter
      </h2>
      <p className="muted small">Send this story to a newsletter’s subscribers, once. Each issue carries a one-click unsubscribe.</p>
      <SelectField label="Newsletter" name="newsletter" value={slug} onChange={(event) => setSlug(event.target.value)}>
        {newsletters.data?.map((newsletter) => (
          <option key={newsletter.id} value={newsletter.slug}>
            {newsletter.name} ({countOf(newsletter.subscribers ?? 0, 'subscriber')})
          </option>
        ))}
      </SelectField>
      {existing ? <SendFigures send={existing} story={story} /> : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setShowPreview((open) => !open)}
          disabled={!slug}
        >
          {showPreview ? 'Hide preview' : 'Preview email'}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => run(true)} disabled={!slug || busy}>
          Send a test to me
        </button>
        {existing || (!published && !scheduled && !onPublishAndSend) ? null : (
          <button type="button" className="button button-primary button-small" onClick={ask} disabled={!slug || busy}>
            {published ? 'Send' : scheduled ? 'Send when published' : 'Publish and send'}
          </button>
        )}
      </div>
      <p className="form-status" role="status" aria-live="polite">
        {said}
      </p>
      {showPreview && slug ? <Preview storyId={story.id} slug={slug} /> : null}
      <ConfirmDialog
        open={confirming}
        title={question.title}
        description={`“${story.title}” goes by email to every subscriber of ${chosen?.name ?? 'the newsletter'}, ${question.when}, once. A send cannot be taken back.`}
        confirmLabel={question.action}
        pending={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (published || scheduled) run(false);
          else onPublishAndSend?.(slug);
        }}
      />
    </section>
  );
}
