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
import { DraftOffer } from './draft-offer.tsx';
import { documentState } from './document-state.ts';
import { EditorActionBar } from './editor-action-bar.tsx';
import { EditorSidebar } from './editor-sidebar.tsx';
import { HistoryPanel } from './history/history-panel.tsx';
import { PublishingCard } from './publishing-card.tsx';
import { ReviewNoteNotice } from './review-note-notice.tsx';
import type { UploadOutcome } from './rich-text/rich-text-editor.tsx';
import { StoryContentCard } from './story-content-card.tsx';
import { StoryDetailsCard } from './story-details-card.tsx';
import { StoryEditorHeader } from './story-editor-header.tsx';
import { StoryTools } from './story-tools.tsx';
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
import { useSaveShortcut } from './use-save-shortcut.ts';
import { useStorySave } from './use-story-save.ts';
import { storySendRequest } from '../newsletters/story-send-card.tsx';

interface StoryFormProps {
  user: User;
  /** The stored story in edit mode; absent in create mode. */
  story?: Story;
  uploadMedia: UploadMedia;
  /** Shown under the header, above the form: a live blog's live desk. */
  top?: ReactNode;
}

/**
 * The story editor page (docs/product/screens.md; its shape: decision 115): the header, the action
 * bar (the document's state and the save button, always in view), the notices, then the form (the
 * text in the main column, the settings as cards in the sidebar) and, for a stored story, its tools.
 */
export function StoryForm({ user, story, uploadMedia, top }: StoryFormProps) {
  const editing = story !== undefined;
  const beats = useQuery(beatsQuery());
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
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
    onSavedInPlace: (saved, sent) => {
      form.markSaved(saved, sent);
      draft.clear();
      // Writing goes on: the copy on this device is kept again from the next change.
      save.reset();
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

  const submit = (next: StoryFormValues, thenSendTo: string | null = null, keepEditing = false) => {
    if (save.isPending || pendingUploads > 0) return;
    const found = validateStoryForm(next, form.contentIsEmpty);
    if (Object.keys(found).length > 0) return showErrors(found);
    form.setErrors({});
    sendAfterSave.current = thenSendTo;
    save.mutate({ values: next, keepEditing });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(values);
  };

  // Ctrl+S: a stored story is saved where the reporter is writing; a new one is created, as "Create Story" does.
  useSaveShortcut(() => submit(values, null, editing));
  const state = documentState({ editing, dirty, saving: save.isPending, failed: save.isError, pendingUploads });
  const blocked = save.isPending || pendingUploads > 0;

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
    <div className="staff-page story-editor-page has-action-bar">
      <StoryEditorHeader
        story={story}
        stored={stored}
        updatedAt={conflict?.stored.updatedAt ?? stored?.updatedAt}
        historyOpen={historyOpen}
        onToggleHistory={() => setHistoryOpen((open) => !open)}
      />
      <EditorActionBar formId={formId} state={state} editing={editing} saving={save.isPending} blocked={blocked} />
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

      <form
        ref={formRef}
        id={formId}
        className="editor-layout"
        noValidate
        onSubmit={onSubmit}
        aria-label={editing ? 'Edit story' : 'Create story'}
      >
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

        <EditorSidebar>
          <PublishingCard
            headingId={ids.publishing}
            values={values}
            errors={errors}
            onField={form.set}
            storedStatus={story?.status}
            mayReview={mayReview}
            blocked={blocked}
            // "Submit for review": the author sends the story to the admins' queue instead of publishing it.
            onSubmitForReview={() => submit(form.withStatus('in_review'))}
          />
          <AccessField
            value={values.access}
            liveBlog={values.format === 'liveblog'}
            error={errors.access}
            onChange={(access) => form.set('access', access)}
          />
        </EditorSidebar>
      </form>
      {stored ? <StoryTools story={stored} onPublishAndSend={(newsletter) => submit(form.withStatus('published'), newsletter)} /> : null}
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
