import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { authorName } from '../../../domain/story/byline.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { messages } from '../../../domain/messages.ts';
import { relativeTime } from '../../../domain/relative-time.ts';
import { ApiError } from '../../api/client.ts';
import { TextAreaField } from '../../forms/form-field.tsx';
import { storyQueries } from '../../api/story-queries.ts';
import { StoryPreview } from '../story-preview/story-preview.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { dashboardFiguresQuery } from '../figures-queries.ts';
import { EditableStoryRow, ReviewNoteLine, StoryThumb, WorkflowNote } from '../story-bits.tsx';
import { reviewQueueQuery, reviewStory, scheduledStoriesQuery } from '../workflow-api.ts';
import { reviewFailure } from './review-failure.ts';

/** The admin's Review tab: the queue, oldest submission first, each story readable as it will look; and what is scheduled. */
export function ReviewDesk() {
  const queue = useQuery(reviewQueueQuery());
  const scheduled = useQuery(scheduledStoriesQuery());
  const [reading, setReading] = useState<number | null>(null);

  return (
    <div className="review-desk">
      <section aria-labelledby="review-queue-title">
        <div className="panel-heading">
          <h2 className="panel-title" id="review-queue-title">
            Waiting for review
          </h2>
          <p className="muted small">Oldest first</p>
        </div>
        {queue.isPending ? (
          <Spinner label="Loading the review queue" />
        ) : queue.isError ? (
          <p role="alert">The review queue could not be loaded.</p>
        ) : queue.data.items.length === 0 ? (
          <p className="empty-state">Nothing is waiting for review.</p>
        ) : (
          <>
            <ul className="story-rows story-rows-detailed">
              {queue.data.items.map((story) => (
                <ReviewItem
                  key={story.id}
                  story={story}
                  reading={reading === story.id}
                  onRead={(open) => setReading(open ? story.id : null)}
                />
              ))}
            </ul>
            <MoreNote shown={queue.data.items.length} total={queue.data.total} which="oldest" />
          </>
        )}
      </section>
      <section aria-labelledby="scheduled-title">
        <h2 className="panel-title" id="scheduled-title">
          Scheduled
        </h2>
        {scheduled.isPending ? (
          <Spinner label="Loading scheduled stories" />
        ) : scheduled.isError ? (
          <p role="alert">Scheduled stories could not be loaded.</p>
        ) : scheduled.data.items.length === 0 ? (
          <p className="empty-state">No story is scheduled.</p>
        ) : (
          <>
            <ul className="story-rows">
              {scheduled.data.items.map((story) => (
                <EditableStoryRow key={story.id} story={story}>
                  <WorkflowNote story={story} />
                  <span aria-hidden="true">·</span>
                  <span>By {authorName(story.author)}</span>
                </EditableStoryRow>
              ))}
            </ul>
            <MoreNote shown={scheduled.data.items.length} total={scheduled.data.total} which="soonest" />
          </>
        )}
      </section>
    </div>
  );
}

/** Under a list the server cut at REVIEW_LIST_LIMIT: how many there are in all (the first ones are the most pressing). */
function MoreNote({ shown, total, which }: { shown: number; total: number; which: 'oldest' | 'soonest' }) {
  if (total <= shown) return null;
  return (
    <p className="muted small list-more-note">
      Showing the {shown} {which} of {total}.
    </p>
  );
}

function ReviewItem({ story, reading, onRead }: { story: Story; reading: boolean; onRead: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const previewId = useId();
  const [returning, setReturning] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();

  const decide = useMutation({
    mutationFn: ({ decision, text }: { decision: 'approve' | 'return'; text?: string }) => reviewStory(story, decision, text),
    onSuccess: async (decided) => {
      const description =
        decided.status === 'published'
          ? `“${decided.title}” is published.`
          : decided.status === 'scheduled'
            ? `“${decided.title}” goes out ${formatFullDate(decided.publishAt!)}.`
            : `“${decided.title}” went back to ${authorName(decided.author)} with your note.`;
      toast({ title: decided.status === 'draft' ? 'Sent back' : 'Approved', description, variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries(storyQueries),
        queryClient.invalidateQueries({ queryKey: dashboardFiguresQuery().queryKey }),
      ]);
    },
    onError: async (error) => {
      const fieldError = error instanceof ApiError ? error.fields.note : undefined;
      if (fieldError) setNoteError(fieldError);
      const failure = reviewFailure(error);
      toast({ title: 'Error', description: failure.message, variant: 'destructive' });
      if (failure.reread) await queryClient.invalidateQueries(storyQueries);
    },
  });

  const sendBack = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (text === '') return setNoteError(messages.reviewNoteRequired);
    if (text.length > 1000) return setNoteError(messages.reviewNoteTooLong);
    setNoteError(undefined);
    decide.mutate({ decision: 'return', text });
  };

  return (
    <li className="story-row review-item">
      <StoryThumb story={story} size="medium" />
      <div className="story-row-main">
        <h3 className="story-row-heading">
          <span className="story-row-title">{story.title}</span>
        </h3>
        <p className="story-row-description">{story.description}</p>
        <p className="story-row-meta">
          <span>By {authorName(story.author)}</span>
          <span aria-hidden="true">·</span>
          <span>Submitted {relativeTime(story.submittedAt ?? story.updatedAt, new Date())}</span>
          {story.publishAt ? (
            <>
              <span aria-hidden="true">·</span>
              <WorkflowNote story={story} />
            </>
          ) : null}
        </p>
        <ReviewNoteLine story={story} />
        <div className="button-row review-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-expanded={reading}
            aria-controls={previewId}
            onClick={() => onRead(!reading)}
          >
            {reading ? 'Close the story' : 'Read the story'}
          </button>
          <button
            type="button"
            className="button button-primary button-small"
            disabled={decide.isPending}
            aria-label={`Approve “${story.title}”`}
            onClick={() => decide.mutate({ decision: 'approve' })}
          >
            Approve
          </button>
          <button
            type="button"
            className="button button-ghost-danger button-small"
            aria-expanded={returning}
            aria-label={`Send back “${story.title}”`}
            onClick={() => setReturning(!returning)}
          >
            Send back
          </button>
        </div>
        {returning ? (
          <form className="send-back-form" onSubmit={sendBack} noValidate aria-label={`Send back “${story.title}”`}>
            <TextAreaField
              id={`review-note-${story.id}`}
              label="Note for the reporter"
              hint="Say what to change. They see it on the story in the editor and in My Stories."
              rows={3}
              maxLength={1000}
              value={note}
              error={noteError}
              onChange={(event) => setNote(event.target.value)}
            />
            <div className="button-row">
              <button type="submit" className="button button-primary button-small" disabled={decide.isPending}>
                Send back with this note
              </button>
              <button type="button" className="button button-secondary button-small" onClick={() => setReturning(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : null}
        <div id={previewId} className="review-preview" hidden={!reading}>
          {reading ? <StoryPreview storyId={story.id} /> : null}
        </div>
      </div>
    </li>
  );
}
