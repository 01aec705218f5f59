import { useState } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import {
  emptyStoryForm,
  followSlug,
  sameValues,
  settleErrors,
  storyToForm,
  type SetStoryField,
  type StoryFormErrors,
  type StoryFormValues,
} from './story-form-values.ts';

/** A save refused because the story changed meanwhile: the version stored now, and whether the reporter chose to keep theirs. */
export interface StoryConflict {
  stored: Story;
  keptMine: boolean;
}

/**
 * The story editor's state: the fields, what "no unsaved changes" means, the errors shown, the
 * version a save is made against, a conflict, and which content the rich-text editor was last
 * mounted on. The editor owns its document; the form keeps the HTML it reports.
 */
export function useStoryFormState(story: Story | undefined) {
  const editing = story !== undefined;
  const initial = editing ? storyToForm(story) : emptyStoryForm;
  // The fields, the messages shown under them and whether the editor shows anything change together, so a message can go with the change that fixed it.
  const [fields, setFields] = useState<FormFields>({ values: initial, errors: {}, contentIsEmpty: !editing });
  const { values, errors, contentIsEmpty } = fields;
  // What "no unsaved changes" means; its content is the editor's own rendering of the stored HTML.
  const [baseline, setBaseline] = useState<StoryFormValues>(initial);
  // The stored HTML the baseline was rendered from: a conflicting version with the same HTML has the same content.
  const [baselineSource, setBaselineSource] = useState(initial.content);
  const [version, setVersion] = useState<number | null>(story?.version ?? null);
  const [conflict, setConflict] = useState<StoryConflict | null>(null);
  const [editorMount, setEditorMount] = useState({ key: 0, content: initial.content, isBaseline: true });
  const [editorReady, setEditorReady] = useState(false);
  // The story as stored now (a restore from History replaces it): what History compares with.
  const [stored, setStored] = useState<Story | undefined>(story);

  /** Applies a change to the values (and the editor's emptiness); each message whose field it made valid goes. */
  const change = (update: (current: StoryFormValues) => StoryFormValues, nextContentIsEmpty?: boolean) =>
    setFields((current) => {
      const after = { values: update(current.values), contentIsEmpty: nextContentIsEmpty ?? current.contentIsEmpty };
      return { ...after, errors: settleErrors(current.errors, current, after) };
    });

  const set: SetStoryField = (field, value) => change((current) => ({ ...current, [field]: value }));

  const setTitle = (title: string) =>
    change((current) => ({ ...current, title, slug: editing ? current.slug : followSlug(current.title, title, current.slug) }));

  /** Shows these messages (a submit's findings, or the server's); none clears them. */
  const setErrors = (next: StoryFormErrors) => setFields((current) => ({ ...current, errors: next }));

  const remountEditor = (content: string, isBaseline: boolean) =>
    setEditorMount((current) => ({ key: current.key + 1, content, isBaseline }));

  return {
    values,
    errors,
    contentIsEmpty,
    version,
    conflict,
    stored,
    editorMount,
    editorReady,
    dirty: editorReady && !sameValues(values, baseline),
    baseline,
    set,
    setTitle,
    setErrors,
    setVersion,
    setConflict,
    /** Sets the status and returns the values with it (the save goes out before the next render). */
    withStatus: (status: StoryFormValues['status']) => {
      const next = { ...values, status };
      change(() => next);
      return next;
    },
    /** The editor's first rendering of what it was mounted on; a baseline mount makes it the "no changes" content. */
    onEditorReady: (html: string, isEmpty: boolean) => {
      if (editorMount.isBaseline) setBaseline((current) => ({ ...current, content: html }));
      setFields((current) => ({
        ...current,
        values: editorMount.isBaseline ? { ...current.values, content: html } : current.values,
        contentIsEmpty: isEmpty,
      }));
      setEditorReady(true);
    },
    onEditorChange: (html: string, isEmpty: boolean) => change((current) => ({ ...current, content: html }), isEmpty),
    /** The conflict's stored content as the editor would render it, for comparing with the reporter's. */
    conflictContent: (theirs: Story) => (theirs.content === baselineSource ? baseline.content : theirs.content),
    /** Replaces the work with a stored version (after a conflict, or a restore from History). */
    loadStored: (next: Story) => {
      const loaded = storyToForm(next);
      setFields((current) => ({ ...current, values: loaded, errors: {} }));
      setBaseline(loaded);
      setBaselineSource(loaded.content);
      setVersion(next.version);
      setConflict(null);
      setStored(next);
      remountEditor(loaded.content, true);
    },
    /** A save in place went through: what was sent is the stored story now (the editor keeps its document and caret). */
    markSaved: (saved: Story, sent: StoryFormValues) => {
      // A blank slug was made from the title: the field shows it, as after a reload, so the next save keeps it.
      const settled = { ...sent, slug: saved.slug };
      setFields((current) =>
        current.values.slug === sent.slug ? { ...current, values: { ...current.values, slug: saved.slug } } : current,
      );
      setBaseline(settled);
      setBaselineSource(saved.content);
      setVersion(saved.version);
      setConflict(null);
      setStored(saved);
    },
    /** Brings back work kept on this device; work started from an older version is saved against that version, so the server shows the conflict instead of overwriting. */
    restoreWork: (restored: StoryFormValues, baseVersion: number | null) => {
      setFields((current) => ({ ...current, values: restored }));
      if (editing && baseVersion !== null) setVersion(baseVersion);
      remountEditor(restored.content, false);
    },
  };
}

export type StoryFormState = ReturnType<typeof useStoryFormState>;

interface FormFields {
  values: StoryFormValues;
  errors: StoryFormErrors;
  /** Whether the editor shows nothing at all (an image alone counts as something). */
  contentIsEmpty: boolean;
}
