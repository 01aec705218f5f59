import type { Story } from '../story/entities.ts';
import { updateHeadline, updateText } from '../live-blog/live-blog.ts';

/**
 * What followers are sent of a story (an Article) or of a live blog's key event (a Note replying to
 * its live blog's Article), as plain data (services/federation/object-drafts.ts makes them of a story;
 * adapters/federation/vocab.ts makes ActivityStreams of them).
 * Paths are relative to the site's origin. Only what a reader of the story's page may read is here.
 */
export interface ObjectDraft {
  kind: ObjectKind;
  /** The story's id, or the key event's update id. */
  ref: number;
  storyId: number;
  /** Whose it is (attributedTo, and the key that signs it). */
  account: string;
  type: 'Article' | 'Note';
  name: string | null;
  summary: string | null;
  /** Sanitised HTML. */
  content: string;
  /** The page it is read on. */
  path: string;
  published: string;
  image: { path: string; alt: string } | null;
  hashtags: { name: string; path: string }[];
  /** A key event replies to its live blog's Article. */
  inReplyTo: { kind: 'story'; ref: number } | null;
}

export type ObjectKind = 'story' | 'update';

/** A story's public fields, as followers may see them. */
export type FederableStory = Pick<
  Story,
  | 'id'
  | 'title'
  | 'slug'
  | 'description'
  | 'content'
  | 'authorId'
  | 'status'
  | 'publishedAt'
  | 'featuredImageUrl'
  | 'featuredImageAlt'
  | 'thumbnailUrl'
  | 'beat'
  | 'corrections'
>;

/** Whether followers may have the story: published (a deleted story is never found at all). */
export function isFederable(story: Pick<Story, 'status' | 'publishedAt'> | null): boolean {
  return story !== null && story.status === 'published' && story.publishedAt !== null;
}

/** "Breaking News" -> "#BreakingNews": hashtags carry no spaces or punctuation. */
export function hashtagOf(name: string): string | null {
  const words = name.normalize('NFKC').match(/[\p{L}\p{N}_]+/gu) ?? [];
  const tag = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return tag === '' ? null : `#${tag}`;
}

/** The key event's first words, for staff lists. */
export function keyEventHeadline(body: string): string {
  return updateHeadline(updateText(body), 80);
}

/**
 * The object's address: /ap/articles/{storyId} and /ap/notes/{updateId}, with "-{generation}" after
 * the first time it was deleted (servers keep a tombstone of a deleted id and refuse it again).
 */
export function objectPath(kind: ObjectKind, ref: number, generation: number): string {
  const id = generation > 1 ? `${ref}-${generation}` : String(ref);
  return kind === 'story' ? `/ap/articles/${id}` : `/ap/notes/${id}`;
}

/** The kind, ref and generation an object address names, or null for anything else. */
export function parseObjectId(segment: string): { ref: number; generation: number } | null {
  const match = /^([1-9][0-9]{0,15})(?:-([2-9]|[1-9][0-9]{1,5}))?$/.exec(segment);
  if (!match) return null;
  return { ref: Number(match[1]), generation: match[2] ? Number(match[2]) : 1 };
}

/**
 * What decides whether followers need an Update: everything sent but the time of sending, in a fixed
 * order. Two drafts with the same fingerprint look the same in anyone's app.
 */
export function fingerprintSource(draft: ObjectDraft): string {
  return JSON.stringify([
    draft.type,
    draft.account,
    draft.name,
    draft.summary,
    draft.content,
    draft.path,
    draft.published,
    draft.image,
    draft.hashtags,
    draft.inReplyTo,
  ]);
}

/** One of our objects that a remote activity names (a reply's inReplyTo, a like's object), or null. */
export function localObjectOf(uri: string | null, origin: string): { kind: ObjectKind; ref: number; generation: number } | null {
  if (!uri || !URL.canParse(uri)) return null;
  const url = new URL(uri);
  if (url.origin !== origin) return null;
  const match = /^\/ap\/(articles|notes)\/([^/]+)$/.exec(url.pathname);
  const id = match ? parseObjectId(match[2]!) : null;
  if (!match || !id) return null;
  return { kind: match[1] === 'articles' ? 'story' : 'update', ...id };
}
