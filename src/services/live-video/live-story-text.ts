import { authorName } from '../../domain/story/byline.ts';
import type { StoryAuthor } from '../../domain/story/entities.ts';
import { escapeHtml } from '../../contract/escape-html.ts';

/**
 * What readers read on a live stream's story: the reporter's description, or a
 * line that says what the story is when they gave none; and a body that stays true on air and after
 * (the recording becomes the story's video when the stream ends), never a placeholder.
 */
export function liveStoryText(description: string | null, reporter: StoryAuthor): { description: string; content: string } {
  const byline = authorName(reporter);
  return {
    description: description ?? `Live video from ${byline}.`,
    content: `<p>Reported live by ${escapeHtml(byline)}. The video is the broadcast: live while it lasts, and kept here once it ends.</p>`,
  };
}
