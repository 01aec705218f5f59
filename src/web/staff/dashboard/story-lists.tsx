import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { viewsLabel } from '../../../domain/formatting.ts';
import { formatDay } from '../../../domain/dates.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { EditableStoryRow, ReviewNoteLine, StatusBadge, StoryThumb, WorkflowNote } from '../story-bits.tsx';
import { useDeleteStory } from './use-delete-story.ts';
import { countOf } from '../../../domain/plural.ts';

export const OVERVIEW_LIMIT = 5;
export const OVERVIEW_EMPTY = 'No stories yet. Start by recording or going live!';

/** Overview's "Recent Activity": the first 5 stories. */
export function RecentActivity({ stories }: { stories: Story[] }) {
  return (
    <section aria-labelledby="recent-activity-title">
      <h2 className="panel-title" id="recent-activity-title">
        Recent Activity
      </h2>
      {stories.length === 0 ? (
        <p className="empty-state">{OVERVIEW_EMPTY}</p>
      ) : (
        <ul className="story-rows">
          {stories.slice(0, OVERVIEW_LIMIT).map((story) => (
            <EditableStoryRow key={story.id} story={story}>
              <StatusBadge status={story.status} />
              {story.isLive ? <span className="badge badge-accent">Live</span> : null}
              <WorkflowNote story={story} />
              <span>{formatDay(story.createdAt)}</span>
              <span aria-hidden="true">·</span>
              <span>{viewsLabel(story.views)}</span>
            </EditableStoryRow>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "My Stories": every story of the author, with edit and (undoable) delete. */
export function MyStories({ stories, onCreateFirst }: { stories: Story[]; onCreateFirst: () => void }) {
  const [toDelete, setToDelete] = useState<Story | null>(null);
  const remove = useDeleteStory();

  if (stories.length === 0) {
    return (
      <div className="empty-state empty-state-large">
        <p>You haven't written any stories yet.</p>
        <button type="button" className="button button-primary" onClick={onCreateFirst}>
          Create Your First Story
        </button>
      </div>
    );
  }

  return (
    <section aria-labelledby="my-stories-title">
      <div className="panel-heading">
        <h2 className="panel-title" id="my-stories-title">
          My Stories
        </h2>
        <p className="muted small">{countOf(stories.length, 'story', 'stories')}</p>
      </div>
      <ul className="story-rows story-rows-detailed">
        {stories.map((story) => (
          <li key={story.id} className="story-row">
            <StoryThumb story={story} size="medium" />
            <div className="story-row-main">
              <h3 className="story-row-heading">
                {story.status === 'published' ? (
                  <a href={storyPath(story)} className="story-row-title">
                    {story.title}
                  </a>
                ) : (
                  <span className="story-row-title">{story.title}</span>
                )}
              </h3>
              <p className="story-row-description">{story.description}</p>
              <ReviewNoteLine story={story} />
              <p className="story-row-meta">
                <StatusBadge status={story.status} />
                {story.isFeatured ? <span className="badge badge-featured">Featured</span> : null}
                <WorkflowNote story={story} />
                <span>{formatDay(story.createdAt)}</span>
                <span aria-hidden="true">·</span>
                <span>{viewsLabel(story.views)}</span>
                <span aria-hidden="true">·</span>
                <span>{story.beat?.name ?? 'No beat'}</span>
              </p>
            </div>
            <div className="story-row-actions">
              <Link
                to="/edit/$id"
                params={{ id: String(story.id) }}
                className="button button-secondary button-small"
                aria-label={`Edit “${story.title}”`}
              >
                Edit
              </Link>
              <button
                type="button"
                className="button button-ghost-danger button-small"
                aria-label={`Delete “${story.title}”`}
                onClick={() => setToDelete(story)}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this story?"
        description={
          toDelete
            ? `“${toDelete.title}” will be taken off the site and out of your lists. You can undo this from the notice that follows.`
            : ''
        }
        confirmLabel="Delete story"
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete, { onSettled: () => setToDelete(null) });
        }}
      />
    </section>
  );
}
