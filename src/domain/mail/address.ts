/**
 * Mail addresses as the newsroom takes them from readers and staff (docs/product/api.md: at most 254
 * characters). ASCII only: a dot-atom local part (at most 64 characters) and a domain of DNS labels
 * with at least one dot. Quoted local parts and international addresses (SMTPUTF8) are refused
 * rather than half-supported; the whole address is kept in lower case, so one mailbox is one reader.
 */
export const MAIL_ADDRESS_MAX = 254;
const LOCAL_PART_MAX = 64;

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The address as stored and compared: trimmed, lower case. */
export function addressAsStored(typed: string): string {
  return typed.trim().toLowerCase();
}

/** Whether a stored-form address (addressAsStored) is one the newsroom can mail. */
export function isMailAddress(address: string): boolean {
  if (address.length > MAIL_ADDRESS_MAX) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at > LOCAL_PART_MAX) return false;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  return LOCAL_PART.test(local) && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^[0-9]+$/.test(labels.at(-1)!);
}

/** The domain of an address (after its last @). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
