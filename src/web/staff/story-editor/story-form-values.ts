import type { Story } from '../../../domain/story/entities.ts';
import type { StoryPayload } from '../story-api.ts';
import { messages } from '../../../domain/messages.ts';
import { storySaveSchema } from '../../../domain/story/schemas.ts';
import { slugify } from '../../../domain/story/slug.ts';
import { DEFAULT_STORY_STATUS, STATUS_LABELS, STORY_STATUSES, type StoryStatus } from '../../../domain/story/story.ts';
import { fromLocalInput, toLocalInput } from './local-time.ts';
import { DEFAULT_STORY_ACCESS, type StoryAccess } from '../../../domain/members/access.ts';
import { DEFAULT_STORY_FORMAT, type StoryFormat } from '../../../domain/story/story.ts';

/** The story editor's fields as the form holds them (selects and inputs speak strings). */
export interface StoryFormValues {
  title: string;
  slug: string;
  description: string;
  content: string;
  /** '' for "No beat assigned", else the beat's id. */
  beatId: string;
  status: StoryStatus;
  isFeatured: boolean;
  featuredImageUrl: string;
  /** The picture's alt text, caption and credit (docs/product/api-pictures.md). */
  featuredImageAlt: string;
  featuredImageCaption: string;
  featuredImageCredit: string;
  videoUrl: string;
  /** When a scheduled story goes out (or the time asked for in review), as a datetime-local value in the reporter's time zone. */
  publishAt: string;
  /** An article or a live blog: chosen in create mode, fixed after (docs/product/api-liveblogs.md). */
  format: StoryFormat;
  /** Who may read it whole (decision 090): everyone, members, or paying members. */
  access: StoryAccess;
}

export type StoryFormField = keyof StoryFormValues;
export type StoryFormErrors = Partial<Record<StoryFormField, string>>;
/** Sets one field of the form from its control. */
export type SetStoryField = <F extends StoryFormField>(field: F, value: StoryFormValues[F]) => void;

/** The DOM id of a field's control (the error summary moves focus to it). */
export function storyFieldId(field: StoryFormField): string {
  return `story-${field}`;
}

// The editor's status select lists these, named as everywhere else.
export { STATUS_LABELS, STORY_STATUSES };

export const emptyStoryForm: StoryFormValues = {
  title: '',
  slug: '',
  description: '',
  content: '',
  beatId: '',
  status: DEFAULT_STORY_STATUS,
  isFeatured: false,
  featuredImageUrl: '',
  featuredImageAlt: '',
  featuredImageCaption: '',
  featuredImageCredit: '',
  videoUrl: '',
  publishAt: '',
  format: DEFAULT_STORY_FORMAT,
  access: DEFAULT_STORY_ACCESS,
};

export function storyToForm(story: Story): StoryFormValues {
  return {
    title: story.title,
    slug: story.slug,
    description: story.description,
    content: story.content,
    beatId: story.beatId === null ? '' : String(story.beatId),
    status: story.status,
    isFeatured: story.isFeatured,
    featuredImageUrl: story.featuredImageUrl ?? '',
    featuredImageAlt: story.featuredImageAlt ?? '',
    featuredImageCaption: story.featuredImageCaption ?? '',
    featuredImageCredit: story.featuredImageCredit ?? '',
    videoUrl: story.videoUrl ?? '',
    publishAt: toLocalInput(story.publishAt),
    format: story.format,
    access: story.access,
  };
}

export function toSavePayload(values: StoryFormValues, authorId: number): StoryPayload {
  const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    description: values.description.trim(),
    content: values.content,
    beatId: values.beatId === '' ? null : Number(values.beatId),
    status: values.status,
    isFeatured: values.isFeatured,
    featuredImageUrl: blankToNull(values.featuredImageUrl),
    featuredImageAlt: blankToNull(values.featuredImageAlt),
    featuredImageCaption: blankToNull(values.featuredImageCaption),
    featuredImageCredit: blankToNull(values.featuredImageCredit),
    videoUrl: blankToNull(values.videoUrl),
    publishAt: values.status === 'scheduled' || values.status === 'in_review' ? fromLocalInput(values.publishAt) : null,
    format: values.format,
    // A live blog is for everyone (the server refuses anything else).
    access: values.format === 'liveblog' ? 'public' : values.access,
    authorId,
  };
}

/**
 * docs/product/rules.md#validation's story rules, checked with the schema the server uses; `contentIsEmpty`
 * comes from the editor, which knows whether its HTML shows anything (an image alone counts).
 */
export function validateStoryForm(values: StoryFormValues, contentIsEmpty: boolean, now: number = Date.now()): StoryFormErrors {
  const errors: StoryFormErrors = {};
  const result = storySaveSchema.safeParse(toSavePayload(values, 0));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in emptyStoryForm) errors[field as StoryFormField] ??= issue.message;
    }
  }
  if (contentIsEmpty) errors.content = messages.contentRequired;
  if (values.status === 'scheduled' && fromLocalInput(values.publishAt) === null) errors.publishAt = messages.publishAtRequired;
  else if (values.status === 'scheduled' || values.status === 'in_review') {
    const at = fromLocalInput(values.publishAt);
    if (at !== null && Date.parse(at) <= now) errors.publishAt = messages.publishAtInFuture;
  }
  return errors;
}

/** Which fields' messages a field's value bears on: a publish time's rules depend on the status. */
const BEARS_ON: Partial<Record<StoryFormField, StoryFormField[]>> = { status: ['publishAt'] };

/**
 * The messages still to show after a change (docs/product/screens.md, the story editor): a
 * field's message goes as soon as that field is valid, and says what is wrong now while it is
 * not. Fields the change did not touch keep theirs, so a message only the server can give (a
 * slug already taken) stays until its field changes; no message appears before a submit.
 */
export function settleErrors(
  shown: StoryFormErrors,
  before: { values: StoryFormValues; contentIsEmpty: boolean },
  after: { values: StoryFormValues; contentIsEmpty: boolean },
  now: number = Date.now(),
): StoryFormErrors {
  const touched = new Set<StoryFormField>();
  for (const field of Object.keys(emptyStoryForm) as StoryFormField[]) {
    if (before.values[field] === after.values[field]) continue;
    touched.add(field);
    for (const other of BEARS_ON[field] ?? []) touched.add(other);
  }
  if (before.contentIsEmpty !== after.contentIsEmpty) touched.add('content');
  const fields = (Object.keys(shown) as StoryFormField[]).filter((field) => shown[field] && touched.has(field));
  if (fields.length === 0) return shown;
  const current = validateStoryForm(after.values, after.contentIsEmpty, now);
  const settled: StoryFormErrors = { ...shown };
  for (const field of fields) {
    if (current[field]) settled[field] = current[field];
    else delete settled[field];
  }
  return settled;
}

/**
 * docs/product/rules.md: in create mode the slug follows the title while it is blank or still equal to
 * what the previous title would have generated; once the reporter types their own, it stays.
 */
export function followSlug(previousTitle: string, nextTitle: string, slug: string): string {
  return slug === '' || slug === slugify(previousTitle) ? slugify(nextTitle) : slug;
}

export function sameValues(a: StoryFormValues, b: StoryFormValues): boolean {
  return (Object.keys(emptyStoryForm) as StoryFormField[]).every((field) => a[field] === b[field]);
}

/** Order in which the form lists its fields, for moving focus to the first error. */
export const FIELD_ORDER: StoryFormField[] = [
  'format',
  'title',
  'slug',
  'description',
  'beatId',
  'featuredImageUrl',
  'featuredImageAlt',
  'featuredImageCaption',
  'featuredImageCredit',
  'videoUrl',
  'content',
  'status',
  'publishAt',
  'isFeatured',
  'access',
];

const FIELD_LABELS: Record<StoryFormField, string> = {
  title: 'Title',
  slug: 'URL slug',
  description: 'Description',
  content: 'Content',
  beatId: 'Beat',
  status: 'Status',
  isFeatured: 'Featured',
  featuredImageUrl: 'Featured image',
  featuredImageAlt: 'Picture alt text',
  featuredImageCaption: 'Picture caption',
  featuredImageCredit: 'Picture credit',
  videoUrl: 'Video',
  publishAt: 'Publish time',
  format: 'Format',
  access: 'Access',
};

/** Which fields of the reporter's version differ from the stored one. */
export function differingFields(mine: StoryFormValues, stored: Story, storedContent: string): string[] {
  const theirs = { ...storyToForm(stored), content: storedContent };
  return (Object.keys(FIELD_LABELS) as StoryFormField[])
    .filter((field) => mine[field] !== theirs[field])
    .map((field) => FIELD_LABELS[field]);
}
