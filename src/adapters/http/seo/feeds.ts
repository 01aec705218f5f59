import { authorName } from '../../../domain/story/byline.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { correctionLine } from '../../../domain/dates.ts';
import { site, storyPath } from '../../../domain/site/site.ts';
import { escapeHtml } from '../../../contract/escape-html.ts';
import { xmlSafe } from './escape.ts';
import { absoluteUrl } from './page-head.ts';

export const xml = (text: string) => escapeHtml(xmlSafe(text));
const published = (story: Story) => story.publishedAt ?? story.createdAt;

/** A feed other than the site's own: a beat's (its page and its feed's address, site-relative). */
export interface FeedChannel {
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

/** The newest change among the stories: a feed's build date, so the same stories give the same feed byte for byte. */
function lastChange(stories: readonly Story[]): string | null {
  return stories.reduce<string | null>((newest, story) => (newest === null || story.updatedAt > newest ? story.updatedAt : newest), null);
}

/** An RSS 2.0 document: the channel (absolute links) and its items, already written. */
export function rssDocument(
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

/** Google News sitemaps list only what was published in the last two days. */
export const NEWS_WINDOW_HOURS = 48;
/** And at most this many entries. */
export const NEWS_SITEMAP_MAX = 1000;

export function isNewsworthy(story: Story, now: string): boolean {
  const age = Date.parse(now) - Date.parse(published(story));
  return story.status === 'published' && age >= 0 && age <= NEWS_WINDOW_HOURS * 3600 * 1000;
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
