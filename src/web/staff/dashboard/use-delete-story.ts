import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Story } from '../../../domain/story/entities.ts';
import { myFiguresQuery } from '../figures-queries.ts';
import { storyQueries } from '../../api/story-queries.ts';
import { deleteStory, restoreStory } from '../story-api.ts';
import { toast } from '../../ui/toast/toast-store.ts';

/**
 * Deletes a story (a soft delete on the server) and offers Undo in the notice, which restores it.
 * docs/product's delete button did nothing; this one asks first (the caller's dialog) and can be undone.
 */
export function useDeleteStory() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(storyQueries), queryClient.invalidateQueries({ queryKey: myFiguresQuery().queryKey })]);

  const restore = useMutation({
    mutationFn: (story: Story) => restoreStory(story.id),
    onSuccess: (story) => {
      toast({ title: 'Story restored', description: `“${story.title}” is back.`, variant: 'success' });
      return refresh();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to restore story', variant: 'destructive' }),
  });

  return useMutation({
    mutationFn: (story: Story) => deleteStory(story.id),
    onSuccess: (_answer, story) => {
      toast({
        title: 'Story deleted',
        description: `“${story.title}” was deleted.`,
        action: { label: 'Undo', onClick: () => restore.mutate(story) },
        duration: 10_000,
      });
      return refresh();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete story', variant: 'destructive' }),
  });
}
