import { oneLine } from '../../domain/mail/control-characters.ts';
import type { MailAddress, OutgoingMail } from '../../domain/mail/entities.ts';

/**
 * One message as the wire carries it (RFC 5322 with MIME, RFC 2045-2047): 7-bit clean (every
 * part quoted-printable, every non-ASCII header word RFC 2047-encoded), lines within 78
 * characters, CRLF line ends. What it says comes from the domain's OutgoingMail; nothing here
 * reads a clock or randomness, so the same mail always makes the same bytes (a retried message is
 * the same message).
 */

export const CRLF = '\r\n';
/** RFC 5322's recommended line length; folding keeps every header line within it where it can. */
const LINE = 78;
/** Quoted-printable lines are at most 76 characters (RFC 2045), the soft break's "=" included. */
const QP_LINE = 76;
/** Bytes per RFC 2047 encoded word: 45 bytes are 60 base64 characters, 72 with the word's frame. */
const WORD_BYTES = 45;

export type Header = readonly [name: string, value: string];

export interface MimeMessage {
  /** In wire order; values unfolded (folding happens when the message is written). */
  headers: Header[];
  /** The body, CRLF line ends, 7-bit. */
  body: string;
}

const encoder = new TextEncoder();

/** A header value never carries a line break or other control character of its own (no header injection). */
export function headerSafe(value: string): string {
  return oneLine(value);
}

const isAscii = (text: string) => /^[\u0020-\u007e]*$/.test(text);

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** RFC 2047 B-encoded words for non-ASCII text (split on character boundaries), the text itself otherwise. */
export function encodeWords(text: string): string {
  const safe = headerSafe(text);
  if (isAscii(safe)) return safe;
  const words: string[] = [];
  let chunk = '';
  for (const char of safe) {
    if (encoder.encode(chunk + char).length > WORD_BYTES) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${base64(encoder.encode(word))}?=`).join(' ');
}

/** `"Display Name" <address>` (the name quoted, or encoded when not ASCII), or the bare address. */
export function formatAddress({ address, name }: MailAddress): string {
  const display = name ? headerSafe(name) : '';
  if (!display) return `<${address}>`;
  const phrase = isAscii(display) ? `"${display.replace(/(["\\])/g, '\\$1')}"` : encodeWords(display);
  return `${phrase} <${address}>`;
}

/** RFC 5322's date-time, in UTC: `Thu, 26 Nov 2026 23:40:57 +0000`. */
export function mailDate(iso: string): string {
  return new Date(iso).toUTCString().replace(/GMT$/, '+0000');
}

/** Text with CRLF line ends, whatever it came with. */
export function crlf(text: string): string {
  return text.replace(/\r\n|\r|\n/g, CRLF);
}

/** Quoted-printable (RFC 2045 6.7) of the text's UTF-8: printable ASCII as itself, lines of at most 76 characters. */
export function quotedPrintable(text: string): string {
  return crlf(text)
    .split(CRLF)
    .map((line) => {
      const bytes = encoder.encode(line);
      let out = '';
      let width = 0;
      bytes.forEach((byte, index) => {
        const last = index === bytes.length - 1;
        // Printable ASCII but "=", and a space or tab unless it ends the line (it would be lost).
        const plain = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
        const piece = plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
        if (width + piece.length > QP_LINE - 1) {
          out += `=${CRLF}`;
          width = 0;
        }
        out += piece;
        width += piece.length;
      });
      return out;
    })
    .join(CRLF);
}

/**
 * A boundary made from the Message-ID (so the same message has the same bytes). It starts with
 * "=_", which quoted-printable can never produce ("=" is always followed by hex digits or a line
 * end there), so no part can contain it.
 */
function boundaryFor(messageId: string): string {
  let hash = 0x811c9dc5;
  for (const char of messageId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `=_newsroom_${hash.toString(36)}_${messageId.length.toString(36)}`;
}

function textPart(subtype: 'plain' | 'html', content: string): string {
  return [`Content-Type: text/${subtype}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable', '', quotedPrintable(content)].join(
    CRLF,
  );
}

/** The message's headers and body: a text part alone, or text and HTML as multipart/alternative (text first, as RFC 2046 orders them). */
export function mimeMessage(mail: OutgoingMail): MimeMessage {
  const headers: Header[] = [
    ['Date', mailDate(mail.date)],
    ['From', formatAddress(mail.from)],
    ['To', formatAddress(mail.to)],
    ['Subject', encodeWords(mail.subject)],
    ['Message-ID', `<${headerSafe(mail.messageId)}>`],
    ['MIME-Version', '1.0'],
    ...Object.entries(mail.headers ?? {}).map(([name, value]): Header => [name, headerSafe(value)]),
  ];
  if (mail.html === null) {
    headers.push(['Content-Type', 'text/plain; charset=utf-8'], ['Content-Transfer-Encoding', 'quoted-printable']);
    return { headers, body: quotedPrintable(mail.text) + CRLF };
  }
  const boundary = boundaryFor(mail.messageId);
  headers.push(['Content-Type', `multipart/alternative; boundary="${boundary}"`]);
  const body = [`--${boundary}`, textPart('plain', mail.text), `--${boundary}`, textPart('html', mail.html), `--${boundary}--`, ''].join(
    CRLF,
  );
  return { headers, body };
}

/** A header line folded at spaces so that each line stays within 78 characters where the words allow. */
export function foldHeader([name, value]: Header): string {
  const words = value.split(' ');
  let line = `${name}:`;
  const lines: string[] = [];
  for (const word of words) {
    if (line.length + 1 + word.length > LINE && line.trim().length > name.length + 1) {
      lines.push(line);
      line = '';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines.join(CRLF);
}

/** The whole message, as the DATA command sends it (before dot-stuffing). */
export function writeMessage({ headers, body }: MimeMessage): string {
  return `${headers.map(foldHeader).join(CRLF)}${CRLF}${CRLF}${body}`;
}
