import type { DeliveryOutcome, OutgoingMail } from './entities.ts';

/**
 * Told what became of each message as soon as the server has answered for it (its index in the
 * call's list), before the next is handed over; the connection waits while a returned promise runs.
 * A sender records progress here, so a run that dies part-way repeats only what it had not recorded.
 */
export type OnDelivered = (index: number, outcome: DeliveryOutcome) => void | Promise<void>;

/** Hands messages to a mail server (src/adapters/mail: SMTP over the Workers' TCP sockets). */
export interface Mailer {
  /**
   * Hands each message to the mail server, in order, over one connection, and says what became of
   * each (same order). Fails as a whole (throws) only when the server cannot be reached at all; a
   * connection lost part-way defers the message in hand and every one after it. A throw from
   * `onDelivered` ends the conversation and is thrown on.
   */
  deliver(mails: readonly OutgoingMail[], onDelivered?: OnDelivered): Promise<DeliveryOutcome[]>;
}
