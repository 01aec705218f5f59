import type { Story } from '../../../domain/story/entities.ts';

/** The note an admin wrote when sending the story back, until it goes out. */
export function ReviewNoteNotice({ story }: { story: Story }) {
  if (!story.reviewNote || (story.status !== 'draft' && story.status !== 'in_review')) return null;
  return (
    <div className="notice notice-warning review-note" role="note" aria-labelledby="review-note-title">
      <p className="notice-title" id="review-note-title">
        {story.status === 'draft' ? 'Sent back by the editor' : 'The editor’s last note'}
      </p>
      <p className="review-note-text">{story.reviewNote}</p>
      {story.status === 'draft' ? <p className="muted small">Make the changes, then submit it for review again.</p> : null}
    </div>
  );
}
