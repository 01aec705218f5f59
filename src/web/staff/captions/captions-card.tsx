import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { videoSource } from '../../../domain/media/video-source.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { storyByIdQuery } from '../story-api.ts';
import {
  captionTrackQuery,
  captionTracksQuery,
  deleteCaptions,
  generateCaptions,
  saveCaptions,
  uploadCaptions,
  type CaptionTrackView,
} from './captions-api.ts';
import { BusyButton } from './busy-button.tsx';
import { CueEditor } from './cue-editor.tsx';
import { failureText } from './failure-text.ts';
import './captions-card.css';

/**
 * The caption desk (issue 39 item 4, docs/product/api-captions.md) on a stored story with a video of
 * its own: its tracks with their state, source and review; a cue editor beside the video; a .vtt or
 * .srt file uploaded (its first bad line named); Generate (the transcriber); delete. A form of its own
 * in StoryTools: the story's save button never sends it.
 */
export function CaptionsCard({ story }: { story: Story }) {
  const headingId = useId();
  const cached = useQuery({ ...storyByIdQuery(story.id), initialData: story });
  const source = videoSource(cached.data.videoUrl);
  const tracks = useQuery({ ...captionTracksQuery(story.id), enabled: source?.kind === 'file' });
  const [editing, setEditing] = useState<string | null>(null);
  if (source?.kind !== 'file') return null;
  const list = tracks.data ?? [];

  return (
    <section className="card captions-card" aria-labelledby={headingId}>
      <h2 className="card-title" id={headingId}>
        Captions
      </h2>
      <p className="muted small">
        Readers turn captions on with the CC button on the video, and read the transcript under it. Automatic captions are made when a video
        is uploaded; check them and mark them reviewed.
      </p>
      {tracks.isPending ? (
        <p className="muted small" role="status">
          Loading captions…
        </p>
      ) : tracks.isError ? (
        <p className="field-error" role="alert">
          The captions could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <p className="small">This video has no captions yet.</p>
      ) : (
        <ul className="caption-track-list">
          {list.map((track) => (
            <TrackRow
              key={track.id}
              storyId={story.id}
              track={track}
              editing={editing === track.id}
              onEdit={() => setEditing(editing === track.id ? null : track.id)}
            />
          ))}
        </ul>
      )}
      {editing && list.some((track) => track.id === editing) ? (
        <CueEditor key={editing} storyId={story.id} trackId={editing} videoUrl={source.src} onClose={() => setEditing(null)} />
      ) : null}
      <div className="captions-actions">
        <GenerateButton storyId={story.id} />
        <UploadForm storyId={story.id} />
      </div>
    </section>
  );
}

const SOURCE_TEXT: Record<CaptionTrackView['source'], string> = { auto: 'Automatic', uploaded: 'Uploaded', edited: 'Edited' };
const STATE_TEXT: Record<CaptionTrackView['state'], string> = { pending: 'Transcribing…', ready: 'Ready', failed: 'Failed' };

function TrackRow({ storyId, track, editing, onEdit }: { storyId: number; track: CaptionTrackView; editing: boolean; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteCaptions(storyId, track.id),
    onSuccess: async () => {
      toast({ title: 'Captions deleted', variant: 'success' });
      await queryClient.invalidateQueries(captionTracksQuery(storyId));
    },
    onError: (failure) => toast({ title: 'The captions were not deleted', description: failureText(failure), variant: 'destructive' }),
    onSettled: () => setConfirming(false),
  });
  const review = useMutation({
    mutationFn: async () => {
      const full = await queryClient.fetchQuery({ ...captionTrackQuery(storyId, track.id), staleTime: 0 });
      return saveCaptions(storyId, track.id, { cues: full.cues ?? [], version: full.version, reviewed: true });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(captionTrackQuery(storyId, track.id).queryKey, saved);
      toast({ title: 'Marked reviewed', variant: 'success' });
      await queryClient.invalidateQueries(captionTracksQuery(storyId));
    },
    onError: (failure) => toast({ title: 'Not marked reviewed', description: failureText(failure), variant: 'destructive' }),
  });
  return (
    <li className="caption-track" data-state={track.state}>
      <div className="caption-track-head">
        <strong className="caption-track-label">{track.label}</strong>
        <span className="caption-track-facts">
          <span className={`badge caption-state caption-state-${track.state}`}>{STATE_TEXT[track.state]}</span>
          <span className="badge">{SOURCE_TEXT[track.source]}</span>
          <span className={`badge ${track.reviewed ? 'caption-reviewed' : ''}`}>{track.reviewed ? 'Reviewed' : 'Not reviewed'}</span>
        </span>
      </div>
      {track.state === 'failed' && track.error ? (
        <p className="field-error small" role="alert">
          The transcription failed: {track.error}
        </p>
      ) : null}
      <div className="button-row">
        {track.state === 'ready' ? (
          <button type="button" className="button button-secondary button-small" aria-expanded={editing} onClick={onEdit}>
            {editing ? 'Close the cues' : 'Edit cues'}
          </button>
        ) : null}
        {track.state === 'ready' && !track.reviewed ? (
          <BusyButton pending={review.isPending} className="button button-secondary button-small" onClick={() => review.mutate()}>
            Mark reviewed
          </BusyButton>
        ) : null}
        <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${track.label}”?`}
        description="Readers lose these captions at once. Automatic captions can be made again with Generate; your edits cannot."
        confirmLabel="Delete captions"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

function GenerateButton({ storyId }: { storyId: number }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const generate = useMutation({
    mutationFn: () => generateCaptions(storyId),
    onSuccess: async () => {
      setProblem(null);
      toast({ title: 'Transcribing the video', description: 'The captions appear here when they are ready.', variant: 'success' });
      await queryClient.invalidateQueries(captionTracksQuery(storyId));
    },
    onError: (failure) => setProblem(failureText(failure)),
  });
  return (
    <div className="captions-generate">
      <BusyButton pending={generate.isPending} className="button button-secondary" onClick={() => generate.mutate()}>
        {generate.isPending ? 'Starting…' : 'Generate captions'}
      </BusyButton>
      {problem ? (
        <p className="field-error small" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function UploadForm({ storyId }: { storyId: number }) {
  const queryClient = useQueryClient();
  const ids = { file: useId(), lang: useId(), label: useId(), error: useId() };
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (upload: { file: File; lang: string; label?: string }) => uploadCaptions(storyId, upload),
    onSuccess: async () => {
      setProblem(null);
      toast({ title: 'Captions uploaded', variant: 'success' });
      await queryClient.invalidateQueries(captionTracksQuery(storyId));
    },
    onError: (failure) => setProblem(failureText(failure)),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return setProblem('Choose a .vtt or .srt file.');
    const lang = String(data.get('lang') ?? '').trim() || 'en';
    const label = String(data.get('label') ?? '').trim();
    upload.mutate({ file, lang, label: label || undefined }, { onSuccess: () => form.reset() });
  };
  return (
    <form className="captions-upload" onSubmit={onSubmit} noValidate aria-describedby={problem ? ids.error : undefined}>
      <fieldset>
        <legend>Upload a caption file</legend>
        <div className="captions-upload-fields">
          <label htmlFor={ids.file}>WebVTT or SubRip file</label>
          <input id={ids.file} name="file" type="file" accept=".vtt,.srt,text/vtt,application/x-subrip" />
          <label htmlFor={ids.lang}>Language</label>
          <input id={ids.lang} name="lang" type="text" defaultValue="en" maxLength={35} size={8} autoComplete="off" spellCheck={false} />
          <label htmlFor={ids.label}>Name readers see (optional)</label>
          <input id={ids.label} name="label" type="text" maxLength={80} placeholder="English" />
        </div>
        {problem ? (
          <p className="field-error small" id={ids.error} role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button-secondary" disabled={upload.isPending} aria-busy={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload captions'}
        </button>
      </fieldset>
    </form>
  );
}
