import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Story } from '../../../domain/story/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { ApiError } from '../../api/client.ts';
import { storyQueries } from '../../api/story-queries.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { dashboardFiguresQuery, myFiguresQuery } from '../figures-queries.ts';
import { createStory, staleStoryOf, updateStory } from '../story-api.ts';
import { FIELD_ORDER, toSavePayload, type StoryFormErrors, type StoryFormValues } from './story-form-values.ts';

interface StorySaveOptions {
  user: User;
  /** The stored story in edit mode; absent in create mode. */
  story: Story | undefined;
  /** The version the save is made against (a restored draft or "Keep my version" changes it). */
  version: number | null;
  /** Before leaving for the saved story: forget the device copy, let the leave guard through. */
  onSaved: () => void;
  /** A save that keeps the reporter writing (Ctrl+S): these values are what is stored now. */
  onSavedInPlace: (saved: Story, values: StoryFormValues) => void;
  /** The server refused because the story changed meanwhile; this is the version stored now. */
  onConflict: (stored: Story) => void;
  /** The server refused fields (or the slug is taken): show these under them. */
  onFieldErrors: (errors: StoryFormErrors) => void;
}

/** What to save, and whether the reporter stays in the editor afterwards (Ctrl+S on a stored story) or goes to the story's page. */
export interface StorySaveRequest {
  values: StoryFormValues;
  keepEditing?: boolean;
}

/**
 * Creating or updating the story: on success the lists and figures are refreshed and the
 * reporter goes to the story's page (or keeps writing, for a save in place); on failure a toast,
 * plus the conflict or field errors.
 */
export function useStorySave({ user, story, version, onSaved, onSavedInPlace, onConflict, onFieldErrors }: StorySaveOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = story !== undefined;
  return useMutation({
    mutationFn: ({ values }: StorySaveRequest) => {
      const payload = toSavePayload(values, user.id);
      return story ? updateStory(story.id, { ...payload, version: version ?? story.version }) : createStory(payload);
    },
    onSuccess: async (saved, { values, keepEditing }) => {
      const refresh = () =>
        Promise.all([
          queryClient.invalidateQueries(storyQueries),
          queryClient.invalidateQueries({ queryKey: myFiguresQuery().queryKey }),
          queryClient.invalidateQueries({ queryKey: dashboardFiguresQuery().queryKey }),
        ]);
      if (keepEditing && story) {
        // The action bar says "Saved"; a toast at every Ctrl+S would only be noise.
        onSavedInPlace(saved, values);
        await refresh();
        return;
      }
      onSaved();
      toast({ title: 'Success', description: editing ? 'Story updated successfully' : 'Story created successfully', variant: 'success' });
      await refresh();
      // The app's own story screen (not the worker's page), so the toast stays in view: docs/product/screens.md, decision 076.
      await navigate({ href: storyPath(saved) });
    },
    onError: (error) => {
      const stored = staleStoryOf(error);
      if (stored) onConflict(stored);
      if (error instanceof ApiError) {
        const fieldErrors = pickFieldErrors(error.fields);
        if (error.status === 409 && (error.body as { error?: { code?: string } } | null)?.error?.code === 'slug_taken') {
          fieldErrors.slug = error.serverMessage ?? 'That URL slug is already used by another story';
        }
        if (Object.keys(fieldErrors).length > 0) onFieldErrors(fieldErrors);
      }
      const fallback = editing ? 'Failed to update story' : 'Failed to create story';
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : '';
      toast({ title: 'Error', description: message || fallback, variant: 'destructive' });
    },
  });
}

function pickFieldErrors(fields: Record<string, string>): StoryFormErrors {
  const picked: StoryFormErrors = {};
  for (const field of FIELD_ORDER) if (fields[field]) picked[field] = fields[field];
  return picked;
}
