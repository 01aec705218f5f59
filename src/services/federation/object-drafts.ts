import { escapeHtml } from '../../contract/escape-html.ts';
import { updateId } from '../../contract/live-blog.ts';
import { authorAccount } from '../../domain/federation/accounts.ts';
import { hashtagOf, type FederableStory, type ObjectDraft } from '../../domain/federation/objects.ts';
import type { LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import { beatPath, storyPath } from '../../domain/site/site.ts';
import { withoutPreviewMarker } from '../../domain/members/preview.ts';
import { openingForEveryone } from '../../domain/members/reading.ts';
import type { Correction } from '../../domain/story/entities.ts';

/** What followers are sent of a story and of a live blog's key event: the page's words, as HTML. */

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function correctionLine(correction: Correction): string {
  return `Correction, ${dateFormat.format(new Date(correction.createdAt))}: ${correction.note}`;
}

/** Corrections as the end of the story, in the page's words, so followers see them with the text they correct. */
function correctionsHtml(corrections: readonly Correction[]): string {
  if (corrections.length === 0) return '';
  return `<hr><p><strong>Corrections</strong></p>${corrections.map((c) => `<p>${escapeHtml(correctionLine(c))}</p>`).join('')}`;
}

/**
 * The story as an Article. A gated story is its opening and a link (decision 090): followers, and
 * anyone who fetches the Article or reads the outbox, never get more than the page shows a reader
 * without access. Every way out to the fediverse makes its Article here, so none can forget the cut.
 */
export function storyDraft(story: FederableStory): ObjectDraft {
  const path = storyPath(story);
  const opening = openingForEveryone(story);
  const body =
    opening === null ? withoutPreviewMarker(story.content) : `${opening}<p><a href="${escapeHtml(path)}">Read the full story</a></p>`;
  const picture = story.featuredImageUrl ?? story.thumbnailUrl;
  const tag = story.beat ? hashtagOf(story.beat.name) : null;
  // Apps that show an Article's summary rather than its body (Mastodon) show the corrections there too.
  const summary = [story.description, ...story.corrections.map(correctionLine)].filter((line) => line.trim() !== '').join('\n\n');
  return {
    kind: 'story',
    ref: story.id,
    storyId: story.id,
    account: authorAccount(story.authorId),
    type: 'Article',
    name: story.title,
    summary: summary === '' ? null : summary,
    content: body + correctionsHtml(story.corrections),
    path,
    published: story.publishedAt!,
    image: picture ? { path: picture, alt: story.featuredImageAlt ?? story.title } : null,
    hashtags: tag && story.beat ? [{ name: tag, path: beatPath(story.beat) }] : [],
    inReplyTo: null,
  };
}

/** A live blog's key event as a Note in reply to the live blog, linking to the update on its page. */
export function keyEventDraft(story: FederableStory, update: Pick<LiveBlogUpdate, 'id' | 'body' | 'createdAt'>): ObjectDraft {
  const path = `${storyPath(story)}#${updateId(update.id)}`;
  return {
    kind: 'update',
    ref: update.id,
    storyId: story.id,
    account: authorAccount(story.authorId),
    type: 'Note',
    name: null,
    summary: null,
    content: `${update.body}<p><a href="${escapeHtml(path)}">${escapeHtml(story.title)} (live)</a></p>`,
    path,
    published: update.createdAt,
    image: null,
    hashtags: [],
    inReplyTo: { kind: 'story', ref: story.id },
  };
}
