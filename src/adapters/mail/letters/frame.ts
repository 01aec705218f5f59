import { escapeHtml as esc } from '../../../contract/escape-html.ts';

/**
 * The frame every HTML mail of the newsroom is written in, for the mail programs people use
 * (Gmail, Outlook, Apple Mail): one centred table 600 px wide, every style inline on its element
 * (Gmail drops <style> in some views; Outlook's Word engine reads tables, not flex or grid), a
 * hidden preheader (the line an inbox shows after the subject), and dark-mode colours where the
 * program lets a mail choose them (Apple Mail, Outlook.com and the apps: the <style> block's
 * prefers-color-scheme rules; Gmail inverts colours on its own). No web fonts, no scripts, no
 * tracking pixel.
 */

export const COLOURS = {
  ink: '#1a1a1a',
  muted: '#5f6368',
  accent: '#c8102e',
  paper: '#ffffff',
  page: '#f3f3f1',
  rule: '#e2e2de',
} as const;

export const FONT = "Georgia, 'Times New Roman', Times, serif";
export const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

/**
 * Dark mode for the programs that honour it, and a narrower margin on a phone's screen (where the program reads <style>);
 * class names are the only styling not inline.
 */
const DARK_MODE = `<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .nr-page { background-color: #121212 !important; }
  .nr-paper { background-color: #1e1e1e !important; }
  .nr-ink, .nr-ink p, .nr-ink li, .nr-ink h1, .nr-ink h2, .nr-ink h3, .nr-ink blockquote { color: #ececec !important; }
  .nr-muted, .nr-muted p { color: #a8a8a8 !important; }
  .nr-link { color: #ff6b7f !important; }
  .nr-rule { border-color: #3a3a3a !important; }
}
@media (max-width: 480px) {
  .nr-paper { padding: 24px 18px !important; }
}
</style>`;

export interface LetterFrame {
  /** The document's title (some programs show it). */
  title: string;
  /** The inbox's preview line, hidden in the mail itself. */
  preheader: string;
  /** The masthead's name. */
  masthead: string;
  /** Where the masthead links (the site). */
  siteUrl: string;
  /** The letter's own HTML, inside the paper. */
  body: string;
  /** Small print under the paper: why they got it, how to stop it, the postal address. */
  footer: string;
}

export function letterHtml(frame: LetterFrame): string {
  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${esc(frame.title)}</title>
${DARK_MODE}
</head>
<body class="nr-page" style="margin:0;padding:0;background-color:${COLOURS.page};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${COLOURS.page};">${esc(frame.preheader)}</div>
<table role="presentation" class="nr-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOURS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td style="padding:0 0 16px 0;font-family:${SANS};font-size:20px;font-weight:bold;letter-spacing:0.5px;">
<a class="nr-link" href="${esc(frame.siteUrl)}" style="color:${COLOURS.accent};text-decoration:none;">${esc(frame.masthead)}</a>
</td></tr>
<tr><td class="nr-paper nr-ink" style="background-color:${COLOURS.paper};padding:32px 28px;font-family:${FONT};font-size:18px;line-height:1.6;color:${COLOURS.ink};border-radius:4px;">
${frame.body}
</td></tr>
<tr><td class="nr-muted" style="padding:20px 8px;font-family:${SANS};font-size:13px;line-height:1.5;color:${COLOURS.muted};">
${frame.footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** A button that is a link (a table cell with a background, so Outlook draws it too). */
export function buttonHtml(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;"><tr><td style="background-color:${COLOURS.accent};border-radius:4px;">
<a href="${esc(href)}" style="display:inline-block;padding:12px 24px;font-family:${SANS};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${esc(label)}</a>
</td></tr></table>`;
}

export function paragraphHtml(text: string, style = ''): string {
  return `<p style="margin:0 0 16px 0;${style}">${esc(text)}</p>`;
}
