import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { shortened, type AlertView } from '../../../domain/alerts/alert.ts';
import { ALERT_BODY_MAX, ALERT_TITLE_MAX } from '../../../domain/alerts/schemas.ts';
import { BREAKING, beatTopic } from '../../../domain/alerts/topics.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../forms/form-field.tsx';
import { beatsQuery } from '../../api/beat-queries.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { inProgress, sendAlert, storyAlertsQuery } from './alerts-api.ts';
import './send-alert-card.css';
import { countOf } from '../../../domain/plural.ts';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "Send alert" for a published story (docs/product/api-alerts.md): the words the lock screen shows
 * (the story's own title and description unless changed) and the readers it goes to (breaking news,
 * or a beat's). Once per story and topic. Each alert sent shows its progress and figures, live.
 */
export function SendAlertCard({ story }: { story: Story }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const beats = useQuery(beatsQuery()).data ?? [];
  const alerts = useQuery({ ...storyAlertsQuery(story.id), enabled: story.status === 'published' });
  const [topic, setTopic] = useState<string>(BREAKING);
  const [title, setTitle] = useState(() => shortened(story.title, ALERT_TITLE_MAX));
  const [body, setBody] = useState(() => shortened(story.description, ALERT_BODY_MAX));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const topicName = (value: string) =>
    value === BREAKING ? 'Breaking news' : (beats.find((beat) => beatTopic(beat.slug) === value)?.name ?? value);
  const send = useMutation({
    mutationFn: () => sendAlert(story.id, { topic, title: title.trim(), body: body.trim() }),
    onSuccess: async (alert) => {
      queryClient.setQueryData(storyAlertsQuery(story.id).queryKey, (list) => [alert, ...(list ?? []).filter((a) => a.id !== alert.id)]);
      toast({ title: 'Alert on its way', description: `To readers following ${topicName(alert.topic)}.`, variant: 'success' });
      await queryClient.invalidateQueries(storyAlertsQuery(story.id));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) return setErrors(failure.fields);
      const message = failure instanceof ApiError ? failure.serverMessage : null;
      toast({ title: 'The alert was not sent', description: message ?? 'Try again in a moment.', variant: 'destructive' });
    },
    onSettled: () => setConfirming(false),
  });

  if (story.status !== 'published') return null;
  const sentTopics = new Set((alerts.data ?? []).map((alert) => alert.topic));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (title.trim() === '') problems.title = 'Write the title the lock screen shows';
    if (title.trim().length > ALERT_TITLE_MAX) problems.title = `At most ${ALERT_TITLE_MAX} characters`;
    if (body.trim().length > ALERT_BODY_MAX) problems.body = `At most ${ALERT_BODY_MAX} characters`;
    if (sentTopics.has(topic)) problems.topic = `This story went to ${topicName(topic)} already`;
    setErrors(problems);
    if (Object.keys(problems).length === 0) setConfirming(true);
  };

  return (
    <section className="card alerts-card" aria-labelledby={headingId}>
      <h2 className="card-title" id={headingId}>
        Breaking-news alert
      </h2>
      <p className="muted small">Push this story to the lock screens of the readers who follow a topic. A story goes to each topic once.</p>
      <form onSubmit={onSubmit} noValidate>
        <SelectField id="alert-topic" label="Send to" value={topic} error={errors.topic} onChange={(event) => setTopic(event.target.value)}>
          <option value={BREAKING}>Breaking news</option>
          {beats.map((beat) => (
            <option key={beat.id} value={beatTopic(beat.slug)}>
              {beat.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id="alert-title"
          label="Alert headline"
          hint={`${title.trim().length}/${ALERT_TITLE_MAX}`}
          value={title}
          maxLength={ALERT_TITLE_MAX}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextAreaField
          id="alert-body"
          label="Alert text"
          hint={`${body.trim().length}/${ALERT_BODY_MAX}`}
          rows={3}
          value={body}
          maxLength={ALERT_BODY_MAX}
          error={errors.body}
          onChange={(event) => setBody(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={send.isPending}>
          Send alert
        </button>
      </form>
      {alerts.data && alerts.data.length > 0 ? (
        <ul className="alert-list" aria-label="Alerts sent">
          {alerts.data.map((alert) => (
            <AlertProgress key={alert.id} alert={alert} topic={topicName(alert.topic)} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Send to every reader following ${topicName(topic)}?`}
        description={`“${title.trim()}” goes at once to every reader following ${topicName(topic)}. An alert cannot be taken back.`}
        confirmLabel="Send alert"
        pending={send.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => send.mutate()}
      />
    </section>
  );
}

function AlertProgress({ alert, topic }: { alert: AlertView; topic: string }) {
  const done = alert.delivered + alert.failed + alert.removed;
  const status =
    alert.state === 'queued'
      ? 'Preparing…'
      : alert.state === 'sending'
        ? `Sending… ${count(done)} of ${count(alert.recipients)}`
        : `Sent to ${countOf(alert.recipients, 'reader')}`;
  return (
    <li className="alert-progress" data-alert-id={alert.id}>
      <p className="alert-progress-head">
        <strong>{topic}</strong> <span role="status">{status}</span>
      </p>
      {inProgress(alert) ? <progress max={Math.max(1, alert.recipients)} value={done} aria-label={`${topic}: pushes done`} /> : null}
      <p className="muted small">
        Delivered {count(alert.delivered)} · Failed {count(alert.failed)} · Removed {count(alert.removed)}
      </p>
    </li>
  );
}
