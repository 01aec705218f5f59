import type { SecurityNotice, StaffMail } from '../../domain/security/ports.ts';
import { site } from '../../domain/site/site.ts';
import type { Clock } from '../../domain/time.ts';
import { resetLetter, securityNoticeLetter } from './letters/staff-letters.ts';
import { sendNow, type Outbox } from './mail-settings.ts';

/** The mail about a staff member's account, rendered (letters/) and sent now through the outbox. */
export class OutboxStaffMail implements StaffMail {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    /** Keeps the notice's sending alive after the request's answer (waitUntil). */
    private readonly afterAnswer: (work: Promise<unknown>) => void,
  ) {}

  async resetLink(to: string, link: string, hours: number): Promise<void> {
    await sendNow(this.outbox, { address: to }, resetLetter({ link, hours, siteUrl: new URL(link).origin }), site.name, this.clock.now());
  }

  notice(to: string, notice: SecurityNotice, origin: string): void {
    // After the answer: the change is written; the SMTP conversation must not hold it up.
    const sending = sendNow(this.outbox, { address: to }, securityNoticeLetter({ notice, siteUrl: origin }), site.name, this.clock.now());
    this.afterAnswer(
      sending.catch((error: unknown) => {
        console.warn(`The ${notice} notice to ${to} was not mailed: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
  }
}
