import { canRead, type ReaderLevel, type StoryAccess } from './access.ts';
import { splitStory, withoutPreviewMarker } from './preview.ts';
import { storyPath } from '../site/site.ts';

/** What a story holds that a reader without access must not get: its text past the opening, its video, its attachments. */
interface GateableStory {
  access: StoryAccess;
  content: string;
  videoUrl: string | null;
  attachments: string[];
}

/**
 * A story as a reader of this level may have it (docs/product/api.md, "Members and reader revenue"):
 * whole (the editor's marker taken out), or, without access, cut to its opening with `gated: true`,
 * and without its video or attachments. Every public read of a story goes through here: its JSON,
 * its page, its first data in the page.
 */
export function storyForReader<T extends GateableStory>(story: T, level: ReaderLevel): T & { gated: boolean } {
  if (canRead(story.access, level)) return { ...story, content: withoutPreviewMarker(story.content), gated: false };
  return { ...story, content: splitStory(story.content).opening, videoUrl: null, attachments: [], gated: true };
}

/**
 * What may go out to everyone at once (a newsletter to free subscribers, the fediverse): for a
 * gated story its opening, to be followed by a link to the story; null for a public story, whose
 * content goes whole.
 */
export function openingForEveryone(story: Pick<GateableStory, 'access' | 'content'>): string | null {
  return story.access === 'public' ? null : splitStory(story.content).opening;
}

/**
 * What a newsletter issue carries (decision 090): a public story whole; a gated story's opening and
 * a line saying the rest is on the site, for every subscriber alike (an issue is rendered once per
 * batch, and a subscription is an address, not always a reader whose level is known).
 */
export function contentForEveryone(story: Pick<GateableStory, 'access' | 'content'> & { slug: string; id: number }): string {
  const opening = openingForEveryone(story);
  if (opening === null) return withoutPreviewMarker(story.content);
  const forWhom = story.access === 'paid' ? 'paying members' : 'members';
  return `${opening}<p><em>The rest of this story is for ${forWhom}: <a href="${storyPath(story)}">read it on the site</a>.</em></p>`;
}
