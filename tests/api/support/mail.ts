import { env } from 'cloudflare:workers';
import { fetchMailTo, linkInText, type ParsedMail } from '../../../scripts/lib/parsed-mail.ts';

export type { ParsedMail };

/** Where the local mail servers of this run listen (tests/support/mail-plan.ts). */
export const mailServers = JSON.parse((env as unknown as { TEST_MAIL_SERVERS: string }).TEST_MAIL_SERVERS) as {
  catcher: string;
  auth: { smtpPort: number; catcher: string };
  tls: { smtpPort: number; catcher: string };
  hangUpPort: number;
  /** The worker's DKIM key (DKIM_PRIVATE_KEY, PKCS#8) as PKCS#1 PEM. */
  dkimPkcs1: string;
};

/** The mail a local catcher took for `address`, read by mailparser and checked by mailauth (in Node), oldest first. */
export function mailTo(address: string, { count = 1, catcher = mailServers.catcher, timeoutMs = 10_000 } = {}): Promise<ParsedMail[]> {
  return fetchMailTo(catcher, address, { count, timeoutMs });
}

/** The one message to `address`; fails when there is none or more than one. */
export async function onlyMailTo(address: string): Promise<ParsedMail> {
  const mails = await mailTo(address);
  if (mails.length !== 1) throw new Error(`${mails.length} messages to ${address}, not 1`);
  return mails[0]!;
}

export async function rawMail(id: number, catcher = mailServers.catcher): Promise<string> {
  return (await fetch(`${catcher}/messages/${id}/raw`)).text();
}

export const linkIn = linkInText;

let counter = 0;
/** An address no other test uses (test files share the catcher). */
export function uniqueAddress(label = 'reader'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@readers.test`;
}
