import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import { policy } from '../../../domain/permissions.ts';
import { beatsQuery } from '../../api/beat-queries.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import type { UploadMedia } from '../uploads/accepted-media.ts';
import { ConflictNotice } from './conflict-notice.tsx';
import { FormatField } from './format-field.tsx';
import { AccessField } from './access-field.tsx';
import { CorrectionsCard } from './corrections-card.tsx';
import { SendAlertCard } from '../alerts/send-alert-card.tsx';
import { DraftOffer } from './draft-offer.tsx';
import { HistoryPanel } from './history/history-panel.tsx';
import { PublishingCard } from './publishing-card.tsx';
import { ReviewNoteNotice } from './review-note-notice.tsx';
import type { UploadOutcome } from './rich-text/rich-text-editor.tsx';
import { StoryContentCard } from './story-content-card.tsx';
import { StoryDetailsCard } from './story-details-card.tsx';
import { StoryEditorHeader } from './story-editor-header.tsx';
import {
  differingFields,
  FIELD_ORDER,
  sameValues,
  storyFieldId,
  validateStoryForm,
  type StoryFormErrors,
  type StoryFormValues,
} from './story-form-values.ts';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { useDraftAutosave, useLocalDraft } from './use-local-draft.ts';
import { useStoryFormState } from './use-story-form-state.ts';
import { useStorySave } from './use-story-save.ts';
import { StoryReadershipCard } from '../readership/story-readership-card.tsx';
import { StorySendCard, storySendRequest } from '../newsletters/story-send-card.tsx';

interface StoryFormProps {
  user: User;
  /** The stored story in edit mode; absent in create mode. */
  story?: Story;
  uploadMedia: UploadMedia;
  /** Shown under the header, above the form: a live blog's live desk. */
  top?: ReactNode;
}

/** The story editor page's form (docs/product/screens.md): details, content, publishing options. */
export function StoryForm({ user, story, uploadMedia, top }: StoryFormProps) {
  const editing = story !== undefined;
  const beats = useQuery(beatsQuery());
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { details: useId(), content: useId(), publishing: useId() };
  const form = useStoryFormState(story);
  const { values, errors, stored, conflict, version, dirty, editorReady } = form;
  const [pendingUploads, setPendingUploads] = useState(0);
  const [offerOpen, setOfferOpen] = useState(true);
  const [historyOpen, setHistoryOpen] = useState(false);
  // "Publish and send": the newsletter to send the story to once the publishing save succeeds.
  const sendAfterSave = useRef<string | null>(null);
  const mayReview = policy.canSubmitForReview(user, story ?? { authorId: user.id });

  const draft = useLocalDraft(user.id, story?.id ?? 'new');
  const offer = editorReady && offerOpen && draft.found !== null && !sameValues(draft.found.values, form.baseline) ? draft.found : null;
  // Leaving with "Discard changes" forgets the copy; a save still waiting on its timer must not write it back.
  const [discarded, setDiscarded] = useState(false);
  const leaveGuard = useLeaveGuard(dirty, () => {
    setDiscarded(true);
    draft.clear();
  });

  const save = useStorySave({
    user,
    story,
    version,
    onSaved: () => {
      draft.clear();
      leaveGuard.allowNextLeave();
      const newsletter = sendAfterSave.current;
      sendAfterSave.current = null;
      if (newsletter && story)
        storySendRequest(story.id, newsletter).then(
          () => toast({ title: 'Published and sending', description: `Sending to ${newsletter}`, variant: 'success' }),
          () => toast({ title: 'Published, but the send did not start', description: 'Send it from the editor.', variant: 'destructive' }),
        );
    },
    onConflict: (latest) => form.setConflict({ stored: latest, keptMine: false }),
    onFieldErrors: showErrors,
  });

  // Once a save is under way or done, the stored story is the copy; a late autosave must not bring the work back as a draft.
  useDraftAutosave(draft.key, {
    values,
    baseVersion: version,
    dirty,
    paused: !editorReady || offer !== null || discarded || save.isPending || save.isSuccess,
  });

  function showErrors(next: StoryFormErrors) {
    form.setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (!first) return;
    const target =
      first === 'content' ? formRef.current?.querySelector<HTMLElement>('.ProseMirror') : document.getElementById(storyFieldId(first));
    target?.focus();
  }

  const submit = (next: StoryFormValues, thenSendTo: string | null = null) => {
    if (save.isPending || pendingUploads > 0) return;
    const found = validateStoryForm(next, form.contentIsEmpty);
    if (Object.keys(found).length > 0) return showErrors(found);
    form.setErrors({});
    sendAfterSave.current = thenSendTo;
    save.mutate(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(values);
  };

  const restoreDraft = () => {
    if (!draft.found) return;
    form.restoreWork(draft.found.values, draft.found.baseVersion);
    setOfferOpen(false);
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
      {top}
      {historyOpen && stored ? (
        <div id="story-history">
          <HistoryPanel
            current={stored}
            version={version ?? stored.version}
            dirty={dirty}
            onRestored={form.loadStored}
            onStale={(latest) => form.setConflict({ stored: latest, keptMine: false })}
          />
        </div>
      ) : null}

      {offer ? (
        <DraftOffer
          draft={offer}
          outdated={editing && offer.baseVersion !== null && offer.baseVersion !== story.version}
          onRestore={restoreDraft}
          onDiscard={discardDraft}
        />
      ) : null}
      {conflict ? (
        <ConflictNotice
          stored={conflict.stored}
          keptMine={conflict.keptMine}
          differences={differingFields(values, conflict.stored, form.conflictContent(conflict.stored))}
          onLoadStored={() => form.loadStored(conflict.stored)}
          onKeepMine={() => {
            form.setVersion(conflict.stored.version);
            form.setConflict({ ...conflict, keptMine: true });
          }}
        />
      ) : null}

      <form ref={formRef} className="editor-layout" noValidate onSubmit={onSubmit} aria-label={editing ? 'Edit story' : 'Create story'}>
        <div className="editor-main">
          <FormatField value={values.format} editing={editing} onChange={(format) => form.set('format', format)} />
          <StoryDetailsCard
            headingId={ids.details}
            values={values}
            errors={errors}
            beats={beatOptions}
            onField={form.set}
            onTitle={form.setTitle}
            uploadMedia={uploadMedia}
          />
          <StoryContentCard
            title={values.format === 'liveblog' ? 'Summary' : undefined}
            headingId={ids.content}
            mount={form.editorMount}
            error={errors.content}
            uploadMedia={uploadMedia}
            onUploadSettled={announceUpload}
            onPendingUploadsChange={setPendingUploads}
            onReady={form.onEditorReady}
            onChange={form.onEditorChange}
          />
        </div>

        <aside className="editor-side">
          <PublishingCard
            headingId={ids.publishing}
            values={values}
            errors={errors}
            onField={form.set}
            editing={editing}
            storedStatus={story?.status}
            mayReview={mayReview}
            pendingUploads={pendingUploads}
            dirty={dirty}
            saving={save.isPending}
            // "Submit for review": the author sends the story to the admins' queue instead of publishing it.
            onSubmitForReview={() => submit(form.withStatus('in_review'))}
          />
          <AccessField
            value={values.access}
            liveBlog={values.format === 'liveblog'}
            error={errors.access}
            onChange={(access) => form.set('access', access)}
          />
        </aside>
      </form>
      {stored ? <CorrectionsCard key={stored.id} story={stored} /> : null}
      {stored ? (
        <StorySendCard
          key={`send-${stored.id}`}
          story={stored}
          onPublishAndSend={(newsletter) => submit(form.withStatus('published'), newsletter)}
        />
      ) : null}
      {stored ? <SendAlertCard key={`alert-${stored.id}`} story={stored} /> : null}
      {stored ? <StoryReadershipCard key={`readership-${stored.id}`} story={stored} /> : null}
      {leaveGuard.dialog}
    </div>
  );
}

function announceUpload({ kind, ok }: UploadOutcome) {
  const noun = kind === 'image' ? 'image' : 'video';
  toast(
    ok
      ? { title: 'Success', description: `${noun === 'image' ? 'Image' : 'Video'} uploaded successfully`, variant: 'success' }
      : { title: 'Error', description: `Failed to upload ${noun}`, variant: 'destructive' },
  );
}
