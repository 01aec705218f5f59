import { site } from './site.ts';
import { fetchMailTo, linkInText, type ParsedMail } from '../../../scripts/lib/parsed-mail.ts';

/** What the site under test mailed to `address`, read by mailparser in this process (oldest first). */
export function mailTo(address: string, options: { count?: number; timeoutMs?: number } = {}): Promise<ParsedMail[]> {
  return fetchMailTo(site().mailCatcher, address, options);
}

export const linkIn = linkInText;

let counter = 0;
/** An address no other journey uses. */
export function uniqueAddress(label = 'reader'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@readers.test`;
}
