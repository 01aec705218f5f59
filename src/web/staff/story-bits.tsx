import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Story } from '../../domain/story/entities.ts';
import { formatFullDate } from '../../domain/dates.ts';
import { statusLabel } from '../../domain/story/story.ts';

export function StatusBadge({ status }: { status: Story['status'] }) {
  return <span className={`badge badge-status badge-${status}`}>{statusLabel(status)}</span>;
}

/** The story's picture for lists: its thumbnail or featured image, or a neutral tile. Decorative: the title is beside it. */
export function StoryThumb({ story, size = 'small' }: { story: Story; size?: 'small' | 'medium' }) {
  const src = story.thumbnailUrl ?? story.featuredImageUrl;
  return (
    <div className={`story-thumb story-thumb-${size}`}>
      {src ? (
        <img src={src} alt="" loading="lazy" />
      ) : (
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          {story.videoUrl ? (
            <path d="M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm12 4 5-3v10l-5-3" />
          ) : (
            <path d="M5 4h10l4 4v12H5zM14 4v5h5M8 13h8M8 17h6" />
          )}
        </svg>
      )}
    </div>
  );
}

/** Where a story stands in the working day: its publication time, or its place in the review queue. */
export function WorkflowNote({ story }: { story: Story }) {
  if (story.status === 'scheduled' && story.publishAt)
    return <span className="workflow-note">Scheduled for {formatFullDate(story.publishAt)}</span>;
  if (story.status === 'in_review') {
    return (
      <span className="workflow-note">Waiting for review{story.publishAt ? ` (asks for ${formatFullDate(story.publishAt)})` : ''}</span>
    );
  }
  return null;
}

/** An admin's note on a story sent back to its author, kept until the story goes out. */
export function ReviewNoteLine({ story }: { story: Story }) {
  if (!story.reviewNote || (story.status !== 'draft' && story.status !== 'in_review')) return null;
  return (
    <p className="review-note-line">
      <strong>{story.status === 'draft' ? 'Sent back:' : 'Earlier note:'}</strong> {story.reviewNote}
    </p>
  );
}

/** A row of a short story list: picture, the title opening the editor, and the meta line the list gives (children). */
export function EditableStoryRow({ story, children }: { story: Story; children: ReactNode }) {
  return (
    <li className="story-row">
      <StoryThumb story={story} />
      <div className="story-row-main">
        <Link to="/edit/$id" params={{ id: String(story.id) }} className="story-row-title">
          {story.title}
        </Link>
        <p className="story-row-meta">{children}</p>
      </div>
    </li>
  );
}
