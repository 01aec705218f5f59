import type { DeliveryOutcome, OnDelivered, OutgoingMail } from '../../domain/mail/entities.ts';

/** Hands messages to a mail server (smtp-mailer.ts); the mail adapters' seam, no service uses it (src/domain/mail/README.md). */
export interface Mailer {
  /**
   * Hands each message to the mail server, in order, over one connection, and says what became of
   * each (same order). Fails as a whole (throws) only when the server cannot be reached at all; a
   * connection lost part-way defers the message in hand and every one after it. A throw from
   * `onDelivered` ends the conversation and is thrown on.
   */
  deliver(mails: readonly OutgoingMail[], onDelivered?: OnDelivered): Promise<DeliveryOutcome[]>;
}
