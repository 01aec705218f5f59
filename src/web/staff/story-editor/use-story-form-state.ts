import { useState } from 'react';
import type { Story } from '../../../domain/entities.ts';
import {
  emptyStoryForm,
  followSlug,
  sameValues,
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
  const [values, setValues] = useState<StoryFormValues>(initial);
  // What "no unsaved changes" means; its content is the editor's own rendering of the stored HTML.
  const [baseline, setBaseline] = useState<StoryFormValues>(initial);
  // The stored HTML the baseline was rendered from: a conflicting version with the same HTML has the same content.
  const [baselineSource, setBaselineSource] = useState(initial.content);
  const [contentEmpty, setContentEmpty] = useState(!editing);
  const [errors, setErrors] = useState<StoryFormErrors>({});
  const [version, setVersion] = useState<number | null>(story?.version ?? null);
  const [conflict, setConflict] = useState<StoryConflict | null>(null);
  const [editorMount, setEditorMount] = useState({ key: 0, content: initial.content, isBaseline: true });
  const [editorReady, setEditorReady] = useState(false);
  // The story as stored now (a restore from History replaces it): what History compares with.
  const [stored, setStored] = useState<Story | undefined>(story);

  const set: SetStoryField = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const setTitle = (title: string) =>
    setValues((current) => ({ ...current, title, slug: editing ? current.slug : followSlug(current.title, title, current.slug) }));

  const remountEditor = (content: string, isBaseline: boolean) => setEditorMount((current) => ({ key: current.key + 1, content, isBaseline }));

  return {
    values,
    errors,
    contentEmpty,
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
      setValues(next);
      return next;
    },
    /** The editor's first rendering of what it was mounted on; a baseline mount makes it the "no changes" content. */
    onEditorReady: (html: string, isEmpty: boolean) => {
      if (editorMount.isBaseline) {
        setBaseline((current) => ({ ...current, content: html }));
        setValues((current) => ({ ...current, content: html }));
      }
      setContentEmpty(isEmpty);
      setEditorReady(true);
    },
    onEditorChange: (html: string, isEmpty: boolean) => {
      set('content', html);
      setContentEmpty(isEmpty);
    },
    /** The conflict's stored content as the editor would render it, for comparing with the reporter's. */
    conflictContent: (theirs: Story) => (theirs.content === baselineSource ? baseline.content : theirs.content),
    /** Replaces the work with a stored version (after a conflict, or a restore from History). */
    loadStored: (next: Story) => {
      const loaded = storyToForm(next);
      setValues(loaded);
      setBaseline(loaded);
      setBaselineSource(loaded.content);
      setVersion(next.version);
      setConflict(null);
      setErrors({});
      setStored(next);
      remountEditor(loaded.content, true);
    },
    /** Brings back work kept on this device; work started from an older version is saved against that version, so the server shows the conflict instead of overwriting. */
    restoreWork: (restored: StoryFormValues, baseVersion: number | null) => {
      setValues(restored);
      if (editing && baseVersion !== null) setVersion(baseVersion);
      remountEditor(restored.content, false);
    },
  };
}

export type StoryFormState = ReturnType<typeof useStoryFormState>;
