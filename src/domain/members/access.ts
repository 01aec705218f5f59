/**
 * Who may read a story whole (docs/product/api.md, "Members and reader revenue"). A story is
 * `public` (everyone), `members` (any signed-in reader) or `paid` (a reader with paid access: a live
 * subscription, or a complimentary membership). Staff see every story whole; they never go through this.
 */
export const STORY_ACCESS = ['public', 'members', 'paid'] as const;
export type StoryAccess = (typeof STORY_ACCESS)[number];
export const DEFAULT_STORY_ACCESS: StoryAccess = 'public';

/** How the editor and the members' screens name each level of access. */
export const ACCESS_LABELS: Record<StoryAccess, string> = {
  public: 'Everyone',
  members: 'Members (free sign-in)',
  paid: 'Paying members',
};

/**
 * What a reader's browser is, as far as reading goes: nobody signed in, a signed-in reader (a free
 * member), or a reader with paid access (paying or comped). Pages and story reads are cached once
 * per level, never per reader (decision 090).
 */
export const READER_LEVELS = ['anonymous', 'free', 'paid'] as const;
export type ReaderLevel = (typeof READER_LEVELS)[number];

export function isReaderLevel(value: string): value is ReaderLevel {
  return (READER_LEVELS as readonly string[]).includes(value);
}

/** Whether a reader of this level may read a story of this access whole. */
export function canRead(access: StoryAccess, level: ReaderLevel): boolean {
  if (access === 'public') return true;
  if (access === 'members') return level !== 'anonymous';
  return level === 'paid';
}

/** A story that some readers see only the opening of. */
export function isGated(story: { access: StoryAccess }): boolean {
  return story.access !== 'public';
}
