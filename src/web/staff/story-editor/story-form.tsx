import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Story, User } from '../../../domain/entities.ts';
import { beatsQuery } from '../../site/beats/beat-queries.ts';
import type { UploadOutcome } from './rich-text/rich-text-editor.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import type { UploadMedia } from '../uploads/accepted-media.ts';
import { ConflictNotice } from './conflict-notice.tsx';
import { DraftOffer } from './draft-offer.tsx';
import {
  differingFields,
  emptyStoryForm,
  FIELD_ORDER,
  followSlug,
  sameValues,
  storyFieldId,
  storyToForm,
  validateStoryForm,
  type StoryFormErrors,
  type StoryFormField,
  type StoryFormValues,
} from './story-form-values.ts';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { policy } from '../../../domain/permissions.ts';
import { ReviewNoteNotice } from './review-note-notice.tsx';
import { HistoryPanel } from './history/history-panel.tsx';
import { CorrectionsCard } from './corrections-card.tsx';
import { useDraftAutosave, useLocalDraft } from './use-local-draft.ts';
import { StoryEditorHeader } from './story-editor-header.tsx';
import { StoryDetailsCard } from './story-details-card.tsx';
import { StoryContentCard } from './story-content-card.tsx';
import { PublishingCard } from './publishing-card.tsx';
import { useStorySave } from './use-story-save.ts';

interface StoryFormProps {
  user: User;
  /** The stored story in edit mode; absent in create mode. */
  story?: Story;
  uploadMedia: UploadMedia;
}

interface Conflict {
  stored: Story;
  keptMine: boolean;
}

/** The story editor page's form (SPEC.md section 2): details, content, publishing options. */
export function StoryForm({ user, story, uploadMedia }: StoryFormProps) {
  const editing = story !== undefined;
  const beats = useQuery(beatsQuery());
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { details: useId(), content: useId(), publishing: useId() };

  const initial = editing ? storyToForm(story) : emptyStoryForm;
  const [values, setValues] = useState<StoryFormValues>(initial);
  // What "no unsaved changes" means; its content is the editor's own rendering of the stored HTML.
  const [baseline, setBaseline] = useState<StoryFormValues>(initial);
  // The stored HTML the baseline was rendered from: a conflicting version with the same HTML has the same content.
  const [baselineSource, setBaselineSource] = useState(initial.content);
  const [contentEmpty, setContentEmpty] = useState(!editing);
  const [errors, setErrors] = useState<StoryFormErrors>({});
  const [version, setVersion] = useState<number | null>(story?.version ?? null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [editorMount, setEditorMount] = useState({ key: 0, content: initial.content, isBaseline: true });
  const [pendingUploads, setPendingUploads] = useState(0);
  const [editorReady, setEditorReady] = useState(false);
  const [offerOpen, setOfferOpen] = useState(true);
  // The story as stored now (a restore from History replaces it): what History compares with.
  const [stored, setStored] = useState<Story | undefined>(story);
  const [historyOpen, setHistoryOpen] = useState(false);
  const mayReview = policy.canSubmitForReview(user, story ?? { authorId: user.id });

  const dirty = editorReady && !sameValues(values, baseline);
  const draft = useLocalDraft(user.id, story?.id ?? 'new');
  const offer = editorReady && offerOpen && draft.found !== null && !sameValues(draft.found.values, baseline) ? draft.found : null;
  // Leaving with "Discard changes" forgets the copy; a save still waiting on its timer must not write it back.
  const [discarded, setDiscarded] = useState(false);
  const leaveGuard = useLeaveGuard(dirty, () => {
    setDiscarded(true);
    draft.clear();
  });

  const set = <F extends StoryFormField>(field: F, value: StoryFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const setTitle = (title: string) =>
    setValues((current) => ({ ...current, title, slug: editing ? current.slug : followSlug(current.title, title, current.slug) }));

  const remountEditor = (content: string, isBaseline: boolean) =>
    setEditorMount((current) => ({ key: current.key + 1, content, isBaseline }));

  const save = useStorySave({
    user,
    story,
    version,
    onSaved: () => {
      draft.clear();
      leaveGuard.allowNextLeave();
    },
    onConflict: (latest) => setConflict({ stored: latest, keptMine: false }),
    onFieldErrors: showErrors,
  });

  // Once a save is under way or done, the stored story is the copy; a late autosave must not bring the work back as a draft.
  useDraftAutosave(draft.key, { values, baseVersion: version, dirty, paused: !editorReady || offer !== null || discarded || save.isPending || save.isSuccess });

  function showErrors(next: StoryFormErrors) {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (!first) return;
    const target = first === 'content' ? formRef.current?.querySelector<HTMLElement>('.ProseMirror') : document.getElementById(storyFieldId(first));
    target?.focus();
  }

  const submit = (next: StoryFormValues) => {
    if (save.isPending || pendingUploads > 0) return;
    const found = validateStoryForm(next, contentEmpty);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    save.mutate(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(values);
  };

  /** "Submit for review": the author sends the story to the admins' queue instead of publishing it. */
  const submitForReview = () => {
    const next = { ...values, status: 'in_review' as const };
    setValues(next);
    submit(next);
  };

  const onUploadSettled = ({ kind, ok }: UploadOutcome) => {
    const noun = kind === 'image' ? 'image' : 'video';
    toast(
      ok
        ? { title: 'Success', description: `${noun === 'image' ? 'Image' : 'Video'} uploaded successfully`, variant: 'success' }
        : { title: 'Error', description: `Failed to upload ${noun}`, variant: 'destructive' },
    );
  };

  const loadStored = (stored: Story) => {
    const next = storyToForm(stored);
    setValues(next);
    setBaseline(next);
    setBaselineSource(next.content);
    setVersion(stored.version);
    setConflict(null);
    setErrors({});
    setStored(stored);
    remountEditor(next.content, true);
  };

  const restoreDraft = () => {
    if (!draft.found) return;
    const restored = draft.found;
    setValues(restored.values);
    // Work started from an older version is saved against that version, so the server shows the conflict instead of overwriting.
    if (editing && restored.baseVersion !== null) setVersion(restored.baseVersion);
    setOfferOpen(false);
    remountEditor(restored.values.content, false);
  };

  const discardDraft = () => {
    draft.clear();
    setOfferOpen(false);
  };

  // Until the beat list arrives, the story's own beat is the one option, so the select shows it from the start.
  const beatOptions = beats.data ?? (story?.beat ? [story.beat] : []);

  return (
    <div className="staff-page story-editor-page">
      <StoryEditorHeader
        story={story}
        stored={stored}
        updatedAt={conflict?.stored.updatedAt ?? stored?.updatedAt}
        historyOpen={historyOpen}
        onToggleHistory={() => setHistoryOpen((open) => !open)}
      />
      {stored ? <ReviewNoteNotice story={stored} /> : null}
      {historyOpen && stored ? (
        <div id="story-history">
          <HistoryPanel
            current={stored}
            version={version ?? stored.version}
            dirty={dirty}
            onRestored={loadStored}
            onStale={(latest) => setConflict({ stored: latest, keptMine: false })}
          />
        </div>
      ) : null}

      {offer ? <DraftOffer draft={offer} outdated={editing && offer.baseVersion !== null && offer.baseVersion !== story.version} onRestore={restoreDraft} onDiscard={discardDraft} /> : null}
      {conflict ? (
        <ConflictNotice
          stored={conflict.stored}
          keptMine={conflict.keptMine}
          differences={differingFields(values, conflict.stored, conflict.stored.content === baselineSource ? baseline.content : conflict.stored.content)}
          onLoadStored={() => loadStored(conflict.stored)}
          onKeepMine={() => {
            setVersion(conflict.stored.version);
            setConflict({ ...conflict, keptMine: true });
          }}
        />
      ) : null}

      <form ref={formRef} className="editor-layout" noValidate onSubmit={onSubmit} aria-label={editing ? 'Edit story' : 'Create story'}>
        <div className="editor-main">
          <StoryDetailsCard headingId={ids.details} values={values} errors={errors} beats={beatOptions} onField={set} onTitle={setTitle} />
          <StoryContentCard
            headingId={ids.content}
            mount={editorMount}
            error={errors.content}
            uploadMedia={uploadMedia}
            onUploadSettled={onUploadSettled}
            onPendingUploadsChange={setPendingUploads}
            onReady={(html, isEmpty) => {
              if (editorMount.isBaseline) {
                setBaseline((current) => ({ ...current, content: html }));
                setValues((current) => ({ ...current, content: html }));
              }
              setContentEmpty(isEmpty);
              setEditorReady(true);
            }}
            onChange={(html, isEmpty) => {
              set('content', html);
              setContentEmpty(isEmpty);
            }}
          />
        </div>

        <aside className="editor-side">
          <PublishingCard
            headingId={ids.publishing}
            values={values}
            errors={errors}
            onField={set}
            editing={editing}
            storedStatus={story?.status}
            mayReview={mayReview}
            pendingUploads={pendingUploads}
            dirty={dirty}
            saving={save.isPending}
            onSubmitForReview={submitForReview}
          />
        </aside>
      </form>
      {stored ? <CorrectionsCard key={stored.id} story={stored} /> : null}
      {leaveGuard.dialog}
    </div>
  );
}
