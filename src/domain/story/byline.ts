import type { StoryAuthor } from './entities.ts';

/** docs/product/screens.md: the author's first and last name when both are present, otherwise the username. */
export function authorName(author: StoryAuthor): string {
  const first = author.firstName?.trim();
  const last = author.lastName?.trim();
  return first && last ? `${first} ${last}` : author.username;
}
