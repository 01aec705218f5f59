export const SLUG_MAX_LENGTH = 255;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Used when a title has no character a slug can keep (for instance a title written only in another script). */
export const FALLBACK_SLUG = 'story';

/**
 * The slug rule of SPEC.md section 5: lowercase; drop everything but a-z, 0-9, spaces and hyphens;
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
