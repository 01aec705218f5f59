import { toBase64 } from '../../media/base64.ts';
import { CRLF, type Header, type MimeMessage } from './mime.ts';

/**
 * DKIM signatures (RFC 6376): rsa-sha256, relaxed/relaxed canonicalisation, over the headers a
 * receiver judges the mail by (From, To, Subject, Date, Message-ID, the MIME headers, and the
 * List-* and Reply-To headers when present: Gmail's one-click unsubscribe counts only when they
 * are signed). The key is DKIM_PRIVATE_KEY (PEM, PKCS#8 or PKCS#1), published as
 * `{DKIM_SELECTOR}._domainkey.{DKIM_DOMAIN}`.
 */

export interface DkimSettings {
  domain: string;
  selector: string;
  /** PEM: "BEGIN PRIVATE KEY" (PKCS#8) or "BEGIN RSA PRIVATE KEY" (PKCS#1). */
  privateKey: string;
}

const SIGNED = [
  'from',
  'to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'list-id',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'reply-to',
];

const encoder = new TextEncoder();

/** RFC 6376 3.4.2: name in lower case, value unfolded, runs of whitespace as one space, trimmed. */
export function relaxedHeader([name, value]: Header): string {
  return `${name.toLowerCase().trim()}:${value
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`;
}

/** RFC 6376 3.4.4: runs of whitespace as one space, none at line ends, no empty lines at the end, one CRLF after the last. */
export function relaxedBody(body: string): string {
  const lines = body.split(CRLF).map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines.length === 0 ? '' : lines.join(CRLF) + CRLF;
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

/** A PKCS#1 RSAPrivateKey wrapped as PKCS#8 (the one form WebCrypto imports). */
function pkcs8FromPkcs1(pkcs1: Uint8Array): Uint8Array {
  // AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const octets = [0x04, ...derLength(pkcs1.length)];
  const inner = [0x02, 0x01, 0x00, ...algorithm, ...octets];
  return Uint8Array.from([0x30, ...derLength(inner.length + pkcs1.length), ...inner, ...pkcs1]);
}

function pemBytes(pem: string): { der: Uint8Array; pkcs1: boolean } {
  const match = /-----BEGIN (RSA )?PRIVATE KEY-----([\s\S]+?)-----END (RSA )?PRIVATE KEY-----/.exec(pem.replace(/\\n/g, '\n'));
  if (!match) throw new Error('DKIM_PRIVATE_KEY is not a PEM private key');
  const der = Uint8Array.from(atob(match[2]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  return { der, pkcs1: match[1] !== undefined };
}

export async function importDkimKey(pem: string): Promise<CryptoKey> {
  const { der, pkcs1 } = pemBytes(pem);
  const pkcs8 = pkcs1 ? pkcs8FromPkcs1(der) : der;
  return crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
}

/** The message with a DKIM-Signature header in front of its headers. `nowSeconds` is the signature's t=. */
export async function signDkim(message: MimeMessage, settings: DkimSettings, key: CryptoKey, nowSeconds: number): Promise<MimeMessage> {
  const signed = message.headers.filter(([name]) => SIGNED.includes(name.toLowerCase()));
  const bodyHash = toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(relaxedBody(message.body)))));
  const tags = [
    'v=1',
    'a=rsa-sha256',
    'c=relaxed/relaxed',
    `d=${settings.domain}`,
    `s=${settings.selector}`,
    `t=${nowSeconds}`,
    `h=${signed.map(([name]) => name.toLowerCase()).join(':')}`,
    `bh=${bodyHash}`,
  ];
  const unsigned = `${tags.join('; ')}; b=`;
  const input = [...signed.map(relaxedHeader), relaxedHeader(['DKIM-Signature', unsigned])].join(CRLF);
  const signature = toBase64(new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, encoder.encode(input))));
  // The b= value is split with spaces so the header folds; a verifier ignores whitespace inside it.
  const value = `${unsigned}${signature.match(/.{1,64}/g)!.join(' ')}`;
  return { headers: [['DKIM-Signature', value], ...message.headers], body: message.body };
}
