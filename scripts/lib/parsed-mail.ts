/** A message the mail catcher (mail-catcher.ts) took, as its independent parsers read it: the shape its HTTP side answers with. */
export interface ParsedMail {
  id: number;
  receivedAt: string;
  secure: boolean;
  user: string | null;
  envelope: { from: string; to: string[] };
  /** Header name (lower case) -> its values, unfolded, in order. */
  headers: Record<string, string[]>;
  subject: string | null;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  messageId: string | null;
  date: string | null;
  text: string | null;
  html: string | null;
  /** The MIME structure: each part's content type. */
  contentTypes: string[];
  /** DKIM: 'pass', 'fail', 'neutral'..., or 'none' without a signature. */
  dkim: string;
  size: number;
}

/**
 * The mail a catcher (its HTTP side at `catcher`) took for `address`, oldest first, waiting until
 * at least `count` have arrived or the time is up. Plain fetch: used from Node and from workerd.
 */
export async function fetchMailTo(catcher: string, address: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${catcher}/messages?to=${encodeURIComponent(address)}`);
    const mails = (await res.json()) as ParsedMail[];
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a message's text part that starts with `prefix`. */
export function linkInText(mail: ParsedMail, prefix: string): string {
  const found = mail.text?.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return found;
}
