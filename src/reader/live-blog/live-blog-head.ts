import { updateId } from '../../contract/live-blog.ts';
import type { LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import { coverageStartTime, updateHeadline, updateText } from '../../domain/live-blog/live-blog.ts';
import { authorName } from '../../domain/story/byline.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { PageHead } from '../frame/page-head.ts';

/** The newest change of the live blog: its own updatedAt, or a later update's. */
function lastModified(story: Story, updates: readonly LiveBlogUpdate[]): string {
  return updates.reduce((latest, update) => (update.updatedAt > latest ? update.updatedAt : latest), story.updatedAt);
}

/** An update's first words, within search engines' headline limit (110 characters, as for the article). */
export const updateHeadlineText = (update: LiveBlogUpdate) => updateHeadline(updateText(update.body));

/**
 * The story's head with its JSON-LD as a LiveBlogPosting (schema.org; Google's article rules):
 * coverageStartTime, coverageEndTime once ended, and the page's updates as liveBlogUpdate
 * BlogPostings with their own headline, text, time, author and address.
 */
export function liveBlogHead(story: Story, head: PageHead, updates: readonly LiveBlogUpdate[]): PageHead {
  const [article, ...others] = head.jsonLd as Record<string, unknown>[];
  const canonical = head.canonical!;
  const posting = {
    ...article,
    '@type': 'LiveBlogPosting',
    dateModified: lastModified(story, updates),
    // Updates posted while it was a draft belong to the coverage too: it started no later than the first of them.
    coverageStartTime: updates.reduce((start, update) => (update.createdAt < start ? update.createdAt : start), coverageStartTime(story)),
    ...(story.coverage === 'ended' && story.coverageEndedAt ? { coverageEndTime: story.coverageEndedAt } : {}),
    liveBlogUpdate: updates.map((update) => ({
      '@type': 'BlogPosting',
      headline: updateHeadlineText(update),
      articleBody: updateText(update.body),
      datePublished: update.createdAt,
      dateModified: update.updatedAt,
      author: [{ '@type': 'Person', name: authorName(update.author) }],
      url: `${canonical}#${updateId(update.id)}`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      ...(article?.image ? { image: article.image } : {}),
      ...(article?.publisher ? { publisher: article.publisher } : {}),
    })),
  };
  return { ...head, jsonLd: [posting, ...others] };
}
