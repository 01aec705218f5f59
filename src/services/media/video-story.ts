import { escapeHtml } from '../../contract/escape-html.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { User } from '../../domain/users/entities.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { CATEGORY_BEAT_NAMES, type VideoCategory, type VideoStoryFields } from '../../domain/media/schemas.ts';
import { editableOrThrow, saveWithSlug, type StorySaveDeps } from '../story/story-save.ts';
import { captionNewVideo } from '../captions/caption-tracks.ts';
import type { CaptionDeps } from '../captions/caption-deps.ts';

/** With the caption deps (the app's), a new video gets its automatic captions started. */
type VideoStoryDeps = Pick<StorySaveDeps, 'stories' | 'beats' | 'clock'> & Partial<CaptionDeps>;

function withCaptions(deps: VideoStoryDeps): CaptionDeps | null {
  const { captions, transcriber, audio, jobs, languageName } = deps;
  if (!captions || transcriber === undefined || !audio || !jobs || !languageName) return null;
  return { stories: deps.stories, clock: deps.clock, captions, transcriber, audio, jobs, languageName };
}

/** A story's new video: its automatic captions (re)started (services/captions); a failure here never loses the upload. */
async function captionVideoOf(deps: VideoStoryDeps, story: Story): Promise<Story> {
  const captionDeps = withCaptions(deps);
  if (captionDeps)
    await captionNewVideo(captionDeps, story).catch((error: unknown) => console.error('Could not start captions for a new video', error));
  return story;
}

/** Plain text as one escaped paragraph of story HTML ('' for none). */
export function paragraphOf(text: string | null): string {
  if (!text) return '';
  return `<p>${escapeHtml(text)}</p>`;
}

async function beatFor(deps: VideoStoryDeps, category: VideoCategory | null): Promise<number | null> {
  if (!category) return null;
  const beats = await deps.beats.list();
  for (const name of CATEGORY_BEAT_NAMES[category]) {
    const beat = beats.find((b) => b.name.toLowerCase() === name.toLowerCase());
    if (beat) return beat.id;
  }
  return null;
}

/** The story a video may be attached to by this user: 404 when they may not see it, 403 when they may not change it. */
export async function editableStory(deps: VideoStoryDeps, user: User, storyId: number): Promise<Story> {
  return editableOrThrow(user, await deps.stories.findById(storyId));
}

/**
 * After the file is stored: a title makes a draft story holding the video (its category picks the
 * beat of that name, when there is one); a storyId points that story's video at it. Null when
 * neither was sent. The caller deletes the object if this throws.
 */
export async function storyForVideo(deps: VideoStoryDeps, user: User, fields: VideoStoryFields, videoUrl: string): Promise<Story | null> {
  const now = deps.clock.now();
  if (fields.storyId !== null) {
    await editableStory(deps, user, fields.storyId);
    const story = await deps.stories.attachVideo(fields.storyId, videoUrl, now, user.id);
    if (!story) throw new NotFoundError('Story');
    return captionVideoOf(deps, story);
  }
  if (fields.title === null) return null;
  const title = fields.title;
  const beatId = await beatFor(deps, fields.category);
  const created = await saveWithSlug(deps, '', title, undefined, (slug) =>
    deps.stories.create(
      {
        title,
        slug,
        description: fields.description ?? '',
        content: paragraphOf(fields.description),
        beatId,
        access: 'public',
        status: 'draft',
        isFeatured: false,
        featuredImageUrl: null,
        videoUrl,
        publishedAt: null,
        authorId: user.id,
      },
      now,
    ),
  );
  return captionVideoOf(deps, created);
}
