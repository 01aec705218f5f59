/**
 * The mailbox an address reaches (decision 105): the same inbox under many spellings. A caps on mail a
 * stranger can ask for (sign-in links, confirmations) counts the mailbox, so `ann+1@…`, `ann+2@…`
 * and Gmail's `a.n.n@…` do not each get their own allowance.
 *
 * - A `+tag` is dropped from the local part (Gmail, Outlook, Fastmail, iCloud, Proton and most
 *   servers deliver `ann+anything` to `ann`; the few that do not lose only a little allowance).
 * - At gmail.com and googlemail.com (one service, two names) dots in the local part are dropped.
 *
 * Only for counting: mail always goes to the address as typed (stored: lower case).
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function mailboxOf(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at <= 0) return lowered;
  let local = lowered.slice(0, at);
  let domain = lowered.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}
