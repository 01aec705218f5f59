import { authorName } from '../../../domain/story/byline.ts';
import type { Story } from '../../../domain/story/entities.ts';
import type { Beat } from '../../../domain/beats/entities.ts';
import type { LiveBlogUpdate } from '../../../domain/live-blog/entities.ts';
import { updateText } from '../../../domain/live-blog/live-blog.ts';
import { correctionLine } from '../../../domain/dates.ts';
import { beatPath, site, storyPath } from '../../../domain/site/site.ts';
import { escapeHtml } from '../../../contract/escape-html.ts';
import { updateId } from '../../../contract/live-blog.ts';
import { absoluteUrl } from '../../../reader/frame/page-head.ts';
import { updateHeadlineText } from '../../../reader/live-blog/live-blog-head.ts';

/**
 * The site's feeds and sitemaps as XML (RSS 2.0, the sitemaps protocol, Google News' sitemaps):
 * the documents only; what they list is read by src/services/reader-pages/feeds.ts.
 */

/** Removes characters XML 1.0 forbids (control characters other than tab, newline, carriage return). */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

const xml = (text: string) => escapeHtml(xmlSafe(text));
const published = (story: Story) => story.publishedAt ?? story.createdAt;

/** A feed other than the site's own: a beat's (its page and its feed's address, site-relative). */
interface FeedChannel {
  title: string;
  description: string;
  path: string;
  feedPath: string;
}

/** RSS 2.0 of the given (latest published) stories. */
export function rssFeed(stories: readonly Story[], origin: string, now: string, channel?: FeedChannel): string {
  const items = stories.map((story) => {
    const link = `${origin}${storyPath(story)}`;
    const image = absoluteUrl(story.featuredImageUrl, origin);
    return [
      '    <item>',
      `      <title>${xml(story.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <description>${xml([story.description, ...story.corrections.map(correctionLine)].join('\n\n'))}</description>`,
      `      <pubDate>${new Date(published(story)).toUTCString()}</pubDate>`,
      // A corrected or edited story says so: feed readers show the item again as updated.
      `      <atom:updated>${xml(story.updatedAt)}</atom:updated>`,
      `      <dc:creator>${xml(authorName(story.author))}</dc:creator>`,
      story.beat ? `      <category>${xml(story.beat.name)}</category>` : null,
      image ? `      <media:content url="${xml(image)}" medium="image"/>` : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n');
  });
  return rssDocument(
    {
      title: channel ? `${channel.title} – ${site.name}` : site.name,
      link: `${origin}${channel?.path ?? '/'}`,
      description: channel?.description ?? site.description,
      self: `${origin}${channel?.feedPath ?? '/rss.xml'}`,
    },
    items,
    lastChange(stories) ?? now,
  );
}

/** /beat/{slug}/rss.xml: the beat's latest stories. */
export function beatFeedRss(beat: Beat, stories: readonly Story[], origin: string, now: string): string {
  return rssFeed(stories, origin, now, {
    title: beat.name,
    description: beat.description ?? `The latest ${beat.name} stories.`,
    path: beatPath(beat),
    feedPath: `${beatPath(beat)}/rss.xml`,
  });
}

/** The newest change among the stories: a feed's build date, so the same stories give the same feed byte for byte. */
function lastChange(stories: readonly Story[]): string | null {
  return stories.reduce<string | null>((newest, story) => (newest === null || story.updatedAt > newest ? story.updatedAt : newest), null);
}

/** An RSS 2.0 document: the channel (absolute links) and its items, already written. */
function rssDocument(
  channel: { title: string; link: string; description: string; self: string },
  items: readonly string[],
  builtAt: string,
  namespaces = '',
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"${namespaces}>
  <channel>
    <title>${xml(channel.title)}</title>
    <link>${xml(channel.link)}</link>
    <description>${xml(channel.description)}</description>
    <language>${site.language}</language>
    <lastBuildDate>${new Date(builtAt).toUTCString()}</lastBuildDate>
    <atom:link href="${xml(channel.self)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`;
}

/** Every published story, plus the site's own pages, the beats' and the authors' pages (`extraPaths`). */
export function sitemap(stories: readonly Story[], origin: string, extraPaths: readonly string[] = []): string {
  const pages = ['/', '/beta', '/about', ...extraPaths].map((path) => `  <url><loc>${xml(`${origin}${path}`)}</loc></url>`);
  const entries = stories.map(
    (story) => `  <url><loc>${xml(`${origin}${storyPath(story)}`)}</loc><lastmod>${xml(story.updatedAt)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[...pages, ...entries].join('\n')}
</urlset>
`;
}

export function newsSitemap(stories: readonly Story[], origin: string): string {
  const entries = stories.map(
    (story) => `  <url>
    <loc>${xml(`${origin}${storyPath(story)}`)}</loc>
    <news:news>
      <news:publication><news:name>${xml(site.name)}</news:name><news:language>${site.language}</news:language></news:publication>
      <news:publication_date>${xml(published(story))}</news:publication_date>
      <news:title>${xml(story.title)}</news:title>
    </news:news>
  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
${entries.join('\n')}
</urlset>
`;
}

/** /story/{slug}/rss.xml: the live blog's own feed, newest update first. */
export function liveBlogRss(story: Story, updates: readonly LiveBlogUpdate[], origin: string): string {
  const link = `${origin}${storyPath(story)}`;
  const items = updates.map((update) => {
    const url = `${link}#${updateId(update.id)}`;
    return [
      '    <item>',
      `      <title>${xml(updateHeadlineText(update))}</title>`,
      `      <link>${xml(url)}</link>`,
      `      <guid isPermaLink="true">${xml(url)}</guid>`,
      `      <description>${xml(updateText(update.body))}</description>`,
      `      <content:encoded>${xml(update.body)}</content:encoded>`,
      `      <pubDate>${new Date(update.createdAt).toUTCString()}</pubDate>`,
      `      <atom:updated>${xml(update.updatedAt)}</atom:updated>`,
      `      <dc:creator>${xml(authorName(update.author))}</dc:creator>`,
      update.keyEvent ? '      <category>Key event</category>' : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n');
  });
  return rssDocument(
    { title: story.title, link, description: story.description, self: `${link}/rss.xml` },
    items,
    [story.updatedAt, ...updates.map((update) => update.updatedAt)].reduce((a, b) => (b > a ? b : a)),
    ' xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  );
}

export function robotsTxt(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /dashboard
Disallow: /admin
Disallow: /edit/
Disallow: /story/new

Sitemap: ${origin}/sitemap.xml
Sitemap: ${origin}/news-sitemap.xml
`;
}
