import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Story, User } from '../../../domain/entities.ts';
import { dashboardFiguresQuery, myFiguresQuery } from '../figures-queries.ts';
import { beatsQuery } from '../../site/beats/beat-queries.ts';
import { ApiError } from '../../api/client.ts';
import { storyQueries } from '../../site/stories/story-queries.ts';
import { createStory, staleStoryOf, updateStory } from '../story-api.ts';
import { storyPath } from '../../../domain/site.ts';
import { CheckboxField, SelectField, TextAreaField, TextField, Field } from '../../forms/form-field.tsx';
import { StoryEditor, type UploadOutcome } from './rich-text/rich-text-editor.tsx';
import { formatFullDate } from '../../../domain/formatting.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import type { UploadMedia } from '../uploads/accepted-media.ts';
import { StoryVideo } from '../../site/stories/story-video.tsx';
import { StatusBadge } from '../story-bits.tsx';
import { ConflictNotice } from './conflict-notice.tsx';
import { DraftOffer } from './draft-offer.tsx';
import {
  differingFields,
  emptyStoryForm,
  FIELD_ORDER,
  followSlug,
  sameValues,
  STATUS_LABELS,
  STORY_STATUSES,
  storyToForm,
  toSavePayload,
  validateStoryForm,
  type StoryFormErrors,
  type StoryFormField,
  type StoryFormValues,
} from './story-form-values.ts';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { policy } from '../../../domain/permissions.ts';
import { ScheduleField } from './schedule-field.tsx';
import { ReviewNoteNotice } from './review-note-notice.tsx';
import { HistoryPanel } from './history/history-panel.tsx';
import { CorrectionsCard } from './corrections-card.tsx';
import { useDraftAutosave, useLocalDraft } from './use-local-draft.ts';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const beats = useQuery(beatsQuery());
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { details: useId(), content: useId(), publishing: useId(), contentError: useId() };

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

  const save = useMutation({
    mutationFn: (next: StoryFormValues) => {
      const payload = toSavePayload(next, user.id);
      return editing ? updateStory(story.id, { ...payload, version: version ?? story.version }) : createStory(payload);
    },
    onSuccess: async (saved) => {
      draft.clear();
      leaveGuard.allowNextLeave();
      toast({ title: 'Success', description: editing ? 'Story updated successfully' : 'Story created successfully', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries(storyQueries),
        queryClient.invalidateQueries({ queryKey: myFiguresQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardFiguresQuery().queryKey }),
      ]);
      await navigate({ href: storyPath(saved) });
    },
    onError: (error) => {
      const stored = staleStoryOf(error);
      if (stored) setConflict({ stored, keptMine: false });
      if (error instanceof ApiError) {
        const fieldErrors = pickFieldErrors(error.fields);
        if (error.status === 409 && (error.body as { error?: { code?: string } } | null)?.error?.code === 'slug_taken') {
          fieldErrors.slug = error.serverMessage ?? 'That URL slug is already used by another story';
        }
        if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      }
      const fallback = editing ? 'Failed to update story' : 'Failed to create story';
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : '';
      toast({ title: 'Error', description: message || fallback, variant: 'destructive' });
    },
  });

  // Once a save is under way or done, the stored story is the copy; a late autosave must not bring the work back as a draft.
  useDraftAutosave(draft.key, { values, baseVersion: version, dirty, paused: !editorReady || offer !== null || discarded || save.isPending || save.isSuccess });

  function showErrors(next: StoryFormErrors) {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (!first) return;
    const target = first === 'content' ? formRef.current?.querySelector<HTMLElement>('.ProseMirror') : document.getElementById(fieldId(first));
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
  const submitLabel = save.isPending ? 'Saving...' : editing ? 'Update Story' : 'Create Story';
  const host = typeof location === 'undefined' ? '' : location.host;

  return (
    <div className="staff-page story-editor-page">
      <header className="editor-header">
        <Link to="/dashboard" className="button button-ghost back-link">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
        <div className="editor-header-title">
          <h1>{editing ? 'Edit Story' : 'Create New Story'}</h1>
          {editing ? <p className="muted">Last updated {formatFullDate(conflict?.stored.updatedAt ?? stored?.updatedAt ?? story.updatedAt)}</p> : null}
          {stored?.status === 'scheduled' && stored.publishAt ? (
            <p className="schedule-note">
              <StatusBadge status="scheduled" /> Scheduled for {formatFullDate(stored.publishAt)}
            </p>
          ) : null}
        </div>
        {editing ? (
          <div className="button-row">
            <button type="button" className="button button-secondary" aria-expanded={historyOpen} aria-controls="story-history" onClick={() => setHistoryOpen((open) => !open)}>
              History
            </button>
            <a className="button button-secondary" href={storyPath(story)} target="_blank" rel="noopener noreferrer">
              Preview<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        ) : null}
      </header>
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
          <section className="card" aria-labelledby={ids.details}>
            <h2 className="card-title" id={ids.details}>
              Story Details
            </h2>
            <TextField
              id={fieldId('title')}
              name="title"
              label="Title"
              placeholder="Enter story title"
              value={values.title}
              maxLength={255}
              required
              error={errors.title}
              onChange={(event) => setTitle(event.target.value)}
            />
            <Field
              id={fieldId('slug')}
              label="URL Slug (optional)"
              hint="Leave blank to auto-generate from the title, or use lowercase letters, numbers and hyphens."
              error={errors.slug}
            >
              {(control) => (
                <div className="input-group">
                  <span className="input-prefix" aria-hidden="true">
                    {host}/story/
                  </span>
                  <input
                    className="input"
                    name="slug"
                    value={values.slug}
                    maxLength={255}
                    placeholder="story-url-slug"
                    autoCapitalize="none"
                    spellCheck={false}
                    onChange={(event) => set('slug', event.target.value)}
                    {...control}
                  />
                </div>
              )}
            </Field>
            <TextAreaField
              id={fieldId('description')}
              name="description"
              label="Description"
              placeholder="Brief description of the story"
              rows={3}
              value={values.description}
              required
              error={errors.description}
              onChange={(event) => set('description', event.target.value)}
            />
            <SelectField
              id={fieldId('beatId')}
              name="beatId"
              label="Beat"
              value={values.beatId}
              error={errors.beatId}
              onChange={(event) => set('beatId', event.target.value)}
            >
              <option value="">No beat assigned</option>
              {beatOptions.map((beat) => (
                <option key={beat.id} value={String(beat.id)}>
                  {beat.name}
                </option>
              ))}
            </SelectField>
            <div className="field-row">
              <div>
                <TextField
                  id={fieldId('featuredImageUrl')}
                  name="featuredImageUrl"
                  type="url"
                  label="Featured Image URL"
                  placeholder="https://example.com/image.jpg"
                  value={values.featuredImageUrl}
                  maxLength={500}
                  error={errors.featuredImageUrl}
                  onChange={(event) => set('featuredImageUrl', event.target.value)}
                />
                {values.featuredImageUrl.trim() && !errors.featuredImageUrl ? (
                  <img className="featured-image-preview" src={values.featuredImageUrl.trim()} alt="Featured image preview" />
                ) : null}
              </div>
              <div>
                <TextField
                  id={fieldId('videoUrl')}
                  name="videoUrl"
                  type="url"
                  label="Video URL"
                  placeholder="https://www.youtube.com/watch?v=..."
                  hint="YouTube links become an embedded player; other links play in a video player."
                  value={values.videoUrl}
                  error={errors.videoUrl}
                  onChange={(event) => set('videoUrl', event.target.value)}
                />
                {values.videoUrl.trim() ? (
                  <div className="video-preview" aria-label="Video preview">
                    <StoryVideo url={values.videoUrl.trim()} title={values.title || 'Video preview'} poster={values.featuredImageUrl.trim() || null} />
                  </div>
                ) : null}
              </div>
            </div>
          </section>

          <section className="card" aria-labelledby={ids.content}>
            <h2 className="card-title" id={ids.content}>
              Story Content
            </h2>
            <StoryEditor
              key={editorMount.key}
              initialContent={editorMount.content}
              labelledBy={ids.content}
              describedBy={errors.content ? ids.contentError : undefined}
              invalid={Boolean(errors.content)}
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
            <p id={ids.contentError} className="field-error" aria-live="polite">
              {errors.content ?? ''}
            </p>
          </section>
        </div>

        <aside className="editor-side">
          <section className="card sticky-card" aria-labelledby={ids.publishing}>
            <h2 className="card-title" id={ids.publishing}>
              Publishing Options
            </h2>
            <div className="status-schedule">
              <SelectField
                id={fieldId('status')}
                name="status"
                label="Status"
                value={values.status}
                error={errors.status}
                onChange={(event) => set('status', event.target.value as StoryFormValues['status'])}
              >
                {STORY_STATUSES.map((status) => (
                  <option key={status} value={status} disabled={status === 'in_review' && !mayReview && story?.status !== 'in_review'}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </SelectField>
              <ScheduleField status={values.status} value={values.publishAt} error={errors.publishAt} onChange={(value) => set('publishAt', value)} />
            </div>
            <div className="featured-check">
              <CheckboxField
                id={fieldId('isFeatured')}
                name="isFeatured"
                label="Mark as featured story"
                checked={values.isFeatured}
                onChange={(event) => set('isFeatured', event.target.checked)}
              />
              {values.isFeatured ? <span className="featured-note">(Currently Featured)</span> : null}
            </div>
            {pendingUploads > 0 ? (
              <p className="muted small" role="status">
                Waiting for {pendingUploads === 1 ? 'an upload' : `${pendingUploads} uploads`} to finish before saving.
              </p>
            ) : null}
            {dirty && !save.isPending ? (
              <p className="muted small unsaved-note">Unsaved changes (a copy is kept on this device)</p>
            ) : null}
            <div className="form-actions">
              <Link to="/dashboard" className="button button-secondary">
                Cancel
              </Link>
              <button type="submit" className="button button-primary" disabled={save.isPending || pendingUploads > 0} aria-busy={save.isPending}>
                {submitLabel}
              </button>
            </div>
            {mayReview && values.status !== 'in_review' && values.status !== 'published' ? (
              <div className="review-submit">
                <button type="button" className="button button-secondary button-block" disabled={save.isPending || pendingUploads > 0} onClick={submitForReview}>
                  Submit for review
                </button>
                <p className="muted small">An editor reads it before it goes out{values.publishAt ? ', at the time you chose' : ''}.</p>
              </div>
            ) : null}
          </section>
        </aside>
      </form>
      {stored ? <CorrectionsCard key={stored.id} story={stored} /> : null}
      {leaveGuard.dialog}
    </div>
  );
}

function fieldId(field: StoryFormField): string {
  return `story-${field}`;
}

function pickFieldErrors(fields: Record<string, string>): StoryFormErrors {
  const picked: StoryFormErrors = {};
  for (const field of FIELD_ORDER) if (fields[field]) picked[field] = fields[field];
  return picked;
}
