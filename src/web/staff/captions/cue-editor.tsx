import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Cue } from '../../../domain/captions/cues.ts';
import { ApiError } from '../../api/client.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { captionTrackQuery, captionTracksQuery, saveCaptions, type CaptionTrackView } from './captions-api.ts';
import { BusyButton } from './busy-button.tsx';
import { failureText } from './failure-text.ts';
import { cueAt, formatCueTime, mergeWithNext, parseCueTime, splitCue } from './cue-edits.ts';

/** A cue as the editor holds it: its times as typed (checked on save), its text. */
interface DraftCue {
  key: number;
  start: string;
  end: string;
  text: string;
}

let nextKey = 1;
const toDraft = (cue: Cue): DraftCue => ({ key: nextKey++, start: formatCueTime(cue.start), end: formatCueTime(cue.end), text: cue.text });

/** The drafts as cues, or the first problem per cue (by index). */
function readDrafts(drafts: readonly DraftCue[]): { cues: Cue[]; problems: Record<number, string> } {
  const problems: Record<number, string> = {};
  const cues = drafts.map((draft, i) => {
    const start = parseCueTime(draft.start);
    const end = parseCueTime(draft.end);
    if (start === null) problems[i] = 'The start is not a time (m:ss.ttt)';
    else if (end === null) problems[i] = 'The end is not a time (m:ss.ttt)';
    else if (end <= start) problems[i] = 'The end is before the start';
    else if (draft.text.trim() === '') problems[i] = 'A cue needs words';
    else if (draft.text.length > 500) problems[i] = 'At most 500 characters';
    return { start: start ?? 0, end: end ?? 0, text: draft.text.trim() };
  });
  return { cues, problems };
}

/**
 * One track's cues beside the video (issue 39 item 4): each cue's times and text, a jump to it, split
 * and merge; the cue being played is marked. Saved at the version read: `409 stale_version` says
 * someone else saved first, and offers their version.
 */
export function CueEditor({
  storyId,
  trackId,
  videoUrl,
  onClose,
}: {
  storyId: number;
  trackId: string;
  videoUrl: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const track = useQuery({ ...captionTrackQuery(storyId, trackId), staleTime: Infinity });
  const [drafts, setDrafts] = useState<DraftCue[] | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [stale, setStale] = useState<CaptionTrackView | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [playing, setPlaying] = useState(-1);

  const load = (loaded: CaptionTrackView) => {
    setDrafts((loaded.cues ?? []).map(toDraft));
    setVersion(loaded.version);
    setProblems({});
    setStale(null);
    setSaveProblem(null);
  };
  useEffect(() => {
    if (track.data && drafts === null) load(track.data);
  }, [track.data, drafts]);

  useEffect(() => {
    const element = video.current;
    if (!element || !drafts) return;
    const onTime = () => setPlaying(cueAt(readDrafts(drafts).cues, element.currentTime));
    element.addEventListener('timeupdate', onTime);
    return () => element.removeEventListener('timeupdate', onTime);
  }, [drafts]);

  const save = useMutation({
    mutationFn: (edit: { cues: Cue[]; version: number; reviewed?: boolean }) => saveCaptions(storyId, trackId, edit),
    onSuccess: async (saved) => {
      queryClient.setQueryData(captionTrackQuery(storyId, trackId).queryKey, saved);
      load(saved);
      toast({ title: 'Captions saved', description: 'Readers see them now.', variant: 'success' });
      await queryClient.invalidateQueries(captionTracksQuery(storyId));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.code === 'stale_version') {
        const current = (failure.body as { error?: { current?: CaptionTrackView } } | null)?.error?.current ?? null;
        setStale(current);
        return;
      }
      if (failure instanceof ApiError && Object.keys(failure.fields).some((field) => field.startsWith('cues.'))) {
        const byCue: Record<number, string> = {};
        for (const [field, message] of Object.entries(failure.fields)) {
          const index = Number(field.split('.')[1]);
          if (Number.isInteger(index)) byCue[index] = message;
        }
        setProblems(byCue);
      }
      setSaveProblem(failureText(failure));
    },
  });

  if (track.isPending || drafts === null || version === null) {
    return (
      <p className="muted small" role="status">
        Loading the cues…
      </p>
    );
  }
  if (track.isError) {
    return (
      <p className="field-error" role="alert">
        The cues could not be loaded.
      </p>
    );
  }

  const change = (index: number, patch: Partial<DraftCue>) =>
    setDrafts(drafts.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const restructure = (edit: (cues: Cue[]) => Cue[]) => {
    const read = readDrafts(drafts);
    if (Object.keys(read.problems).length > 0) return setProblems(read.problems);
    setProblems({});
    setDrafts(edit(read.cues).map(toDraft));
  };
  const jump = (index: number) => {
    const start = parseCueTime(drafts[index]!.start);
    const element = video.current;
    if (start === null || !element) return;
    element.currentTime = start;
    void element.play().catch(() => undefined);
  };
  const submit = (reviewed?: boolean) => {
    const read = readDrafts(drafts);
    setProblems(read.problems);
    if (Object.keys(read.problems).length > 0) return setSaveProblem('Some cues need a fix before saving: see the cues marked below.');
    if (read.cues.length === 0) return setSaveProblem('A track needs at least one cue. To remove the captions, delete the track.');
    setSaveProblem(null);
    save.mutate({ cues: read.cues, version, ...(reviewed ? { reviewed: true } : {}) });
  };

  return (
    <section className="cue-editor" aria-labelledby={headingId}>
      <div className="cue-editor-head">
        <h3 id={headingId}>Cues of “{track.data?.label}”</h3>
        <button type="button" className="button button-secondary button-small" onClick={onClose}>
          Close
        </button>
      </div>
      {stale ? (
        <div className="notice notice-warning cue-editor-stale" role="alert">
          <p>Someone changed these captions after you opened them (now version {stale.version}). Your changes here were not saved.</p>
          <button type="button" className="button button-secondary button-small" onClick={() => load(stale)}>
            Load their version
          </button>
        </div>
      ) : null}
      <div className="cue-editor-grid">
        <div className="cue-editor-video">
          {/* The video the cues are timed against: play it, or jump to a cue. */}
          <video ref={video} src={videoUrl} controls preload="metadata" playsInline aria-label="The story’s video" />
          <p className="cue-editor-now" aria-live="off">
            {playing >= 0 ? drafts[playing]?.text : '\u00a0'}
          </p>
        </div>
        <ol className="cue-list" aria-label="Cues">
          {drafts.map((draft, i) => (
            <li
              key={draft.key}
              className="cue-row"
              aria-current={i === playing ? 'true' : undefined}
              data-invalid={problems[i] ? 'true' : undefined}
            >
              <div className="cue-times">
                <CueTime cue={i + 1} name="Start" value={draft.start} onChange={(start) => change(i, { start })} />
                <CueTime cue={i + 1} name="End" value={draft.end} onChange={(end) => change(i, { end })} />
              </div>
              <label className="cue-text">
                <span className="visually-hidden">Cue {i + 1} text</span>
                <textarea rows={2} value={draft.text} maxLength={500} onChange={(event) => change(i, { text: event.target.value })} />
              </label>
              {problems[i] ? (
                <p className="field-error small" role="alert">
                  Cue {i + 1}: {problems[i]}
                </p>
              ) : null}
              <div className="cue-actions">
                <button type="button" className="button button-small button-secondary" onClick={() => jump(i)}>
                  Play<span className="visually-hidden"> cue {i + 1}</span>
                </button>
                <button
                  type="button"
                  className="button button-small button-secondary"
                  onClick={() => restructure((cues) => splitCue(cues, i))}
                >
                  Split<span className="visually-hidden"> cue {i + 1}</span>
                </button>
                {i < drafts.length - 1 ? (
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() => restructure((cues) => mergeWithNext(cues, i))}
                  >
                    Merge with next<span className="visually-hidden"> (cue {i + 1})</span>
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </div>
      {saveProblem ? (
        <p className="field-error" role="alert">
          {saveProblem}
        </p>
      ) : null}
      <div className="button-row">
        <BusyButton pending={save.isPending} className="button button-primary" onClick={() => submit()}>
          {save.isPending ? 'Saving…' : 'Save captions'}
        </BusyButton>
        <button type="button" className="button button-secondary" disabled={save.isPending} onClick={() => submit(true)}>
          Save and mark reviewed
        </button>
      </div>
    </section>
  );
}

/** A cue's start or end as typed (m:ss.ttt, or seconds): checked when the cues are saved or cut. */
function CueTime({ cue, name, value, onChange }: { cue: number; name: string; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      <span className="visually-hidden">Cue {cue} </span>
      {name}
      <input type="text" inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} size={9} spellCheck={false} />
    </label>
  );
}
