import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { site } from '../../../domain/site/site.ts';
import { buttonHtml, letterHtml, paragraphHtml } from './frame.ts';

export interface LetterContent {
  subject: string;
  text: string;
  html: string;
}

/** "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The sign-in link a reader asked for (POST /api/readers/signin). When following it also subscribes
 * the reader to newsletters, the mail names every one (decision 105): the link joins nothing it does not say.
 */
export function signInLetter({
  link,
  minutes,
  siteUrl,
  newsletters = [],
}: {
  link: string;
  minutes: number;
  siteUrl: string;
  newsletters?: readonly string[];
}): LetterContent {
  const subject = `Sign in to ${site.name}`;
  const joins =
    newsletters.length > 0
      ? ` Following it also subscribes you to ${newsletters.length === 1 ? 'the newsletter' : 'the newsletters'} ${listed(newsletters)}.`
      : '';
  const lines = [
    `Follow this link to sign in to ${site.name}. It works once, within ${minutes} minutes.${joins}`,
    `If you did not ask to sign in, ignore this message: nothing happens without the link.`,
  ];
  return {
    subject,
    text: `${lines[0]}\n\n${link}\n\n${lines[1]}\n\n${site.name}\n${siteUrl}\n`,
    html: letterHtml({
      title: subject,
      preheader: `Your sign-in link, valid for ${minutes} minutes.`,
      masthead: site.name,
      siteUrl,
      body: `${paragraphHtml(lines[0]!)}${buttonHtml(link, `Sign in to ${site.name}`)}${paragraphHtml('Or paste this address into your browser:', 'font-size:14px;')}<p style="margin:0 0 16px 0;font-size:14px;word-break:break-all;">${esc(link)}</p>${paragraphHtml(lines[1]!, 'font-size:14px;')}`,
      footer: `You get this because someone asked to sign in to ${site.name} with this address.`,
    }),
  };
}
