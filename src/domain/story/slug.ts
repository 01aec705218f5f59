export const SLUG_MAX_LENGTH = 255;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Used when a title has no character a slug can keep (for instance a title written only in another script). */
export const FALLBACK_SLUG = 'story';

/**
 * The slug rule of docs/product/rules.md#validation: lowercase; drop everything but a-z, 0-9, spaces and hyphens;
 * whitespace runs become one hyphen; repeated hyphens collapse; trimmed (of spaces and of hyphens
 * at either end, so the result always matches SLUG_PATTERN or is empty).
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

export function isValidSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/**
 * The first free slug among base, base-2, base-3, ... given the slugs already taken that start
 * with base. Pure: the caller looks up which candidates are taken.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base === '' ? FALLBACK_SLUG : base;
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${root.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Room kept for a "-N" suffix when finding the slugs a base competes with (13 digits is plenty). */
const SUFFIX_ROOM = 15;

/**
 * A prefix shared by every slug firstFreeSlug(base, ...) can return other than the root itself:
 * `root-` while a suffix fits after the whole root, else the root cut short enough to leave room.
 * Lets a repository fetch just the slugs that matter with a range on its index.
 */
export function slugCandidatePrefix(base: string): string {
  const root = base === '' ? FALLBACK_SLUG : base;
  return root.length + SUFFIX_ROOM <= SLUG_MAX_LENGTH ? `${root}-` : root.slice(0, SLUG_MAX_LENGTH - SUFFIX_ROOM);
}
