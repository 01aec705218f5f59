import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import type { Newsletter } from '../../../domain/newsletters/entities.ts';
import { CONFIRMATION_DAYS } from '../../../domain/newsletters/rules.ts';
import { site } from '../../../domain/site/site.ts';
import { buttonHtml, letterHtml, paragraphHtml } from './frame.ts';
import type { LetterContent } from './sign-in-letter.ts';

/** The double opt-in's confirmation (POST /api/newsletters/{slug}/subscribe). */
export function confirmationLetter({
  newsletter,
  link,
  siteUrl,
}: {
  newsletter: Newsletter;
  link: string;
  siteUrl: string;
}): LetterContent {
  const subject = `Confirm your subscription to ${newsletter.name}`;
  const ask = `Someone, hopefully you, asked to subscribe this address to ${newsletter.name} from ${site.name}. Follow the link to confirm; it works for ${CONFIRMATION_DAYS} days.`;
  const otherwise = 'If it was not you, ignore this message: nothing is subscribed without the link, and we will not write again.';
  return {
    subject,
    text: `${ask}\n\n${link}\n\n${newsletter.description ? `${newsletter.description}\n\n` : ''}${otherwise}\n\n${site.name}\n${siteUrl}\n`,
    html: letterHtml({
      title: subject,
      preheader: `One click to confirm your subscription to ${newsletter.name}.`,
      masthead: site.name,
      siteUrl,
      body: `${paragraphHtml(ask)}${buttonHtml(link, 'Yes, subscribe me')}${newsletter.description ? paragraphHtml(newsletter.description, 'font-style:italic;') : ''}<p style="margin:0 0 16px 0;font-size:14px;word-break:break-all;">${esc(link)}</p>${paragraphHtml(otherwise, 'font-size:14px;')}`,
      footer: `You get this because someone asked to subscribe this address to ${esc(newsletter.name)}.`,
    }),
  };
}
