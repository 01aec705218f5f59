import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { authorName } from '../../../domain/story/byline.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import type { Issue } from '../../../domain/newsletters/ports.ts';
import { utmFor } from '../../../domain/newsletters/rules.ts';
import { site, storyPath } from '../../../domain/site/site.ts';
import { encodeWords } from '../mime.ts';
import { buttonHtml, COLOURS, letterHtml, SANS } from './frame.ts';
import { htmlToText } from './html-to-text.ts';
import { COLUMN_WIDTH, mailLink, mailPicture, storyEmailHtml } from './story-email-html.ts';

/**
 * A story as a newsletter issue (docs/product/api-readers.md, "Each message"): the picture at a
 * resized width, headline, byline and date, the story's body, "Read it on the site", and a footer
 * with why the reader gets it, the unsubscribe link and the newsroom's postal address; a plain-text
 * part that says the same. Rendered once per batch; each recipient's copy differs only in its
 * unsubscribe link.
 */
export interface RenderedIssue {
  subject: string;
  fromName: string;
  /** RFC 2919 List-Id: the newsletter's name and `{slug}.{the sender's domain}`. */
  listId: string;
  html(unsubscribeUrl: string): string;
  text(unsubscribeUrl: string): string;
}

/** What a test's subject starts with, so nobody mistakes it for the issue that went out. */
const TEST_SUBJECT_PREFIX = '[Test]';

export async function renderIssue(issue: Issue, senderDomain: string): Promise<RenderedIssue> {
  const { story, newsletter, origin } = issue;
  const utm = utmFor(newsletter.slug);
  const storyUrl = mailLink(storyPath(story), { origin, utm })!;
  const siteUrl = mailLink('/', { origin, utm })!;
  const picture = story.featuredImageUrl ? mailPicture(story.featuredImageUrl, origin) : null;
  const body = await storyEmailHtml(story.content, { origin, utm, storyUrl, poster: picture });
  const byline = `By ${authorName(story.author)}`;
  const date = story.publishedAt ?? story.createdAt;
  // A test goes to the staff member who asked, who never subscribed: it says so, and offers no unsubscribe.
  const why = issue.test
    ? `This is a test of ${newsletter.name}, sent only to you from ${site.name}. Its subscribers have not received it.`
    : `You get this because you subscribed to ${newsletter.name} from ${site.name}.`;
  const postal = issue.postalAddress;

  const head = [
    picture
      ? `<img src="${esc(picture)}" alt="${esc(story.featuredImageAlt ?? '')}" width="${COLUMN_WIDTH}" style="display:block;width:100%;max-width:${COLUMN_WIDTH}px;height:auto;border:0;margin:0 0 20px 0;">`
      : '',
    story.beat
      ? `<p class="nr-muted" style="margin:0 0 8px 0;font-family:${SANS};font-size:13px;font-weight:bold;letter-spacing:1px;text-transform:uppercase;color:${COLOURS.accent};">${esc(story.beat.name)}</p>`
      : '',
    `<h1 style="margin:0 0 12px 0;font-size:30px;line-height:1.2;"><a href="${esc(storyUrl)}" style="color:inherit;text-decoration:none;">${esc(story.title)}</a></h1>`,
    `<p class="nr-muted" style="margin:0 0 20px 0;font-family:${SANS};font-size:14px;color:${COLOURS.muted};">${esc(byline)} · ${esc(formatFullDate(date))}</p>`,
    story.description ? `<p style="margin:0 0 20px 0;font-size:20px;line-height:1.5;">${esc(story.description)}</p>` : '',
    `<hr class="nr-rule" style="border:0;border-top:1px solid ${COLOURS.rule};margin:0 0 24px 0;">`,
  ].join('\n');

  return {
    subject: issue.test ? `${TEST_SUBJECT_PREFIX} ${story.title}` : story.title,
    fromName: newsletter.senderName ?? site.name,
    listId: `${encodeWords(newsletter.name)} <${newsletter.slug}.${senderDomain}>`,
    html: (unsubscribeUrl) =>
      letterHtml({
        title: story.title,
        preheader: story.description || story.title,
        masthead: newsletter.name,
        siteUrl,
        body: `${head}\n${body}\n${buttonHtml(storyUrl, 'Read it on the site')}`,
        footer: [
          `<p style="margin:0 0 8px 0;">${esc(why)}</p>`,
          issue.test
            ? ''
            : `<p style="margin:0 0 8px 0;"><a class="nr-link" href="${esc(unsubscribeUrl)}" style="color:${COLOURS.muted};text-decoration:underline;">Unsubscribe from ${esc(newsletter.name)}</a></p>`,
          postal ? `<p style="margin:0;">${esc(site.name)} · ${esc(postal)}</p>` : `<p style="margin:0;">${esc(site.name)}</p>`,
        ].join('\n'),
      }),
    text: (unsubscribeUrl) =>
      [
        newsletter.name.toUpperCase(),
        '',
        story.title,
        `${byline} · ${formatFullDate(date)}`,
        '',
        story.description,
        '',
        htmlToText(story.content, (href) => mailLink(href, { origin, utm })),
        '',
        `Read it on the site: ${storyUrl}`,
        '',
        '--',
        why,
        ...(issue.test ? [] : [`Unsubscribe: ${unsubscribeUrl}`]),
        postal ? `${site.name} · ${postal}` : site.name,
        '',
      ].join('\n'),
  };
}
