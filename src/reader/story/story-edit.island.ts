import { policy } from '../../domain/permissions.ts';
import { signedInUser } from '../../web/auth/signed-in-user.ts';
import { staffPaths } from '../../web/auth/staff-paths.ts';
import { numberProp, type IslandProps } from '../../web/islands/island.ts';

/** A story page's button row: its author or an admin gets Edit beside Share (StoryArticle's). Props: the story's id and its author's. */
export async function mount(row: HTMLElement, props: IslandProps): Promise<void> {
  const storyId = numberProp(props, 'storyId');
  const authorId = numberProp(props, 'authorId');
  if (storyId === null || authorId === null) return;
  const user = await signedInUser();
  if (!policy.canEditStory(user, { authorId, status: 'published' })) return;
  const edit = document.createElement('a');
  edit.className = 'button button-small button-secondary';
  edit.href = staffPaths.editStory(storyId);
  edit.textContent = 'Edit';
  row.append(edit);
}
