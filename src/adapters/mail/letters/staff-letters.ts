import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import type { SecurityNotice } from '../../../domain/security/ports.ts';
import { site } from '../../../domain/site/site.ts';
import { buttonHtml, letterHtml, paragraphHtml } from './frame.ts';
import type { LetterContent } from './sign-in-letter.ts';

/** A password reset link ("Forgot password?", or an admin's link mailed to the user). */
export function resetLetter({ link, hours, siteUrl }: { link: string; hours: number; siteUrl: string }): LetterContent {
  const subject = `Reset your ${site.name} password`;
  const lines = [
    `Follow this link to choose a new password for your ${site.name} account. It works once, within ${hours} hours.`,
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ];
  return {
    subject,
    text: `${lines[0]}\n\n${link}\n\n${lines[1]}\n\n${site.name}\n${siteUrl}\n`,
    html: letterHtml({
      title: subject,
      preheader: `Your password reset link, valid for ${hours} hours.`,
      masthead: site.name,
      siteUrl,
      body: `${paragraphHtml(lines[0]!)}${buttonHtml(link, 'Choose a new password')}${paragraphHtml('Or paste this address into your browser:', 'font-size:14px;')}<p style="margin:0 0 16px 0;font-size:14px;word-break:break-all;">${esc(link)}</p>${paragraphHtml(lines[1]!, 'font-size:14px;')}`,
      footer: `You get this because a password reset was asked for your ${site.name} staff account.`,
    }),
  };
}

const SUBJECTS: Record<SecurityNotice, string> = {
  password_changed: 'your password was changed',
  totp_enabled: 'an authenticator app was added',
  totp_disabled: 'your authenticator app was removed',
  passkey_added: 'a passkey was added',
  passkey_removed: 'a passkey was removed',
};

const NOTICES: Record<SecurityNotice, string> = {
  password_changed: 'The password of your account was changed.',
  totp_enabled: 'An authenticator app was added to your account as a second factor.',
  totp_disabled: 'The authenticator app was removed from your account.',
  passkey_added: 'A passkey was added to your account.',
  passkey_removed: 'A passkey was removed from your account.',
};

/** A change to a staff member's sign-in: what changed, and what to do if it was not them. */
export function securityNoticeLetter({ notice, siteUrl }: { notice: SecurityNotice; siteUrl: string }): LetterContent {
  const subject = `${site.name}: ${SUBJECTS[notice]}`;
  const what = NOTICES[notice];
  const advice =
    'If this was you, there is nothing to do. If it was not, sign in and change your password now, or ask an admin for a reset link.';
  return {
    subject,
    text: `${what}\n\n${advice}\n\n${site.name}\n${siteUrl}/login\n`,
    html: letterHtml({
      title: subject,
      preheader: what,
      masthead: site.name,
      siteUrl,
      body: `${paragraphHtml(what)}${paragraphHtml(advice)}${buttonHtml(`${siteUrl}/login`, 'Sign in')}`,
      footer: `You get this because your ${site.name} staff account's sign-in changed.`,
    }),
  };
}
