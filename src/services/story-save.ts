import { ConflictError, ValidationError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import type { BeatRepository, Clock, StoryHtmlSanitizer, StoryRepository, StoryWrite } from '../domain/ports.ts';
import type { StorySaveInput } from '../domain/schemas.ts';
import { firstFreeSlug, slugify } from '../domain/slug.ts';
import { nextPublishedAt } from '../domain/story.ts';

/**
 * A generated slug can lose a race to another save of the same title; then the next free one is
 * tried. Every round of a race has a winner, so N saves racing for one title need at most N rounds:
 * the bound only stops a runaway loop, it must stay well above any real burst of same-title saves.
 */
const GENERATED_SLUG_ATTEMPTS = 64;

/** The ports a story save needs. */
export interface StorySaveDeps {
  stories: StoryRepository;
  beats: BeatRepository;
  clock: Clock;
  storyHtml: StoryHtmlSanitizer;
}

/**
 * Turns a validated save payload into the columns to write: content sanitised, beat checked,
 * publishedAt per the story rules. The slug is resolved by saveWithSlug.
 */
export async function prepareStoryWrite(
  deps: StorySaveDeps,
  input: StorySaveInput,
  current: { publishedAt: string | null } | null,
): Promise<Omit<StoryWrite, 'slug'>> {
  const content = deps.storyHtml.sanitize(input.content);
  if (deps.storyHtml.isEmpty(content)) throw new ValidationError({ content: messages.contentRequired });
  if (input.beatId !== null && !(await deps.beats.findById(input.beatId))) {
    throw new ValidationError({ beatId: messages.beatIdInvalid });
  }
  return {
    title: input.title,
    description: input.description,
    content,
    beatId: input.beatId,
    status: input.status,
    isFeatured: input.isFeatured,
    featuredImageUrl: input.featuredImageUrl,
    videoUrl: input.videoUrl,
    publishedAt: nextPublishedAt(current?.publishedAt ?? null, input.status, deps.clock.now()),
  };
}

/**
 * A typed slug that is taken is a 409; a blank one is generated from the title and, when taken,
 * gets -2, -3, ... (retrying if another save takes the same one first).
 */
export async function saveWithSlug<T>(
  deps: Pick<StorySaveDeps, 'stories'>,
  typedSlug: string,
  title: string,
  excludeId: number | undefined,
  save: (slug: string) => Promise<T>,
): Promise<T> {
  if (typedSlug !== '') return save(typedSlug);
  const base = slugify(title);
  for (let attempt = 1; ; attempt++) {
    const slug = firstFreeSlug(base, await deps.stories.slugsLike(base || 'story', excludeId));
    try {
      return await save(slug);
    } catch (error) {
      const lostRace = error instanceof ConflictError && error.code === 'slug_taken';
      if (!lostRace || attempt >= GENERATED_SLUG_ATTEMPTS) throw error;
    }
  }
}
