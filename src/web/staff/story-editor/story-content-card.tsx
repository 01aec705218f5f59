import { useId } from 'react';
import type { UploadMedia } from '../uploads/accepted-media.ts';
import { StoryEditor, type UploadOutcome } from './rich-text/rich-text-editor.tsx';

interface StoryContentCardProps {
  headingId: string;
  /** "Story Content", or "Summary" for a live blog (the text above its updates). */
  title?: string;
  /** Changing the key mounts a fresh editor on `content` (a restored draft or a loaded version). */
  mount: { key: number; content: string };
  error: string | undefined;
  uploadMedia: UploadMedia;
  onUploadSettled: (outcome: UploadOutcome) => void;
  onPendingUploadsChange: (count: number) => void;
  onReady: (html: string, isEmpty: boolean) => void;
  onChange: (html: string, isEmpty: boolean) => void;
}

/** The editor's "Story Content" card: the rich-text editor and the content's error message. */
export function StoryContentCard({
  headingId,
  title = 'Story Content',
  mount,
  error,
  uploadMedia,
  onUploadSettled,
  onPendingUploadsChange,
  onReady,
  onChange,
}: StoryContentCardProps) {
  const errorId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 className="card-title" id={headingId}>
        {title}
      </h2>
      <StoryEditor
        key={mount.key}
        initialContent={mount.content}
        labelledBy={headingId}
        describedBy={error ? errorId : undefined}
        invalid={Boolean(error)}
        uploadMedia={uploadMedia}
        onUploadSettled={onUploadSettled}
        onPendingUploadsChange={onPendingUploadsChange}
        onReady={onReady}
        onChange={onChange}
      />
      <p id={errorId} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </section>
  );
}
