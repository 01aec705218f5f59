/** Mail the newsroom sends (docs/product/api.md, "Readers and newsletters"); the adapters speak SMTP. */

export interface MailAddress {
  /** An address as addressAsStored keeps it (lower case, ASCII). */
  address: string;
  /** The display name, plain text; none for a bare address. */
  name?: string | null;
}

/** One message to one recipient: what it says, not how it is encoded (MIME, DKIM and SMTP are the adapter's). */
export interface OutgoingMail {
  from: MailAddress;
  to: MailAddress;
  subject: string;
  /** The plain-text part, always present (readers whose client shows no HTML read this). */
  text: string;
  /** The HTML part, when there is one. */
  html: string | null;
  /**
   * The Message-ID's inside, without the angle brackets (`<id@domain>` on the wire). A message handed
   * over again (a retried batch) carries the same one, so a receiver can tell it is the same message.
   */
  messageId: string;
  /** The Date header's time, ISO 8601. */
  date: string;
  /** Further headers, e.g. List-Unsubscribe, List-Unsubscribe-Post, List-Id (names as written on the wire). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * What the mail server said about one message: `sent` (accepted for delivery), `rejected` (a
 * permanent refusal of this recipient or message, 5xx: trying again will not help) or `deferred`
 * (a temporary failure, 4xx or a lost connection: try again later).
 */
export type DeliveryOutcome = { status: 'sent' } | { status: 'rejected'; reason: string } | { status: 'deferred'; reason: string };

/**
 * Told what became of each message as soon as the server has answered for it (its index in the
 * call's list), before the next is handed over; the connection waits while a returned promise runs.
 * A sender records progress here, so a run that dies part-way repeats only what it had not recorded.
 */
export type OnDelivered = (index: number, outcome: DeliveryOutcome) => void | Promise<void>;
