import type { Clock } from '../../domain/time.ts';
import type { ReaderMail } from '../../domain/readers/ports.ts';
import { SIGN_IN_LINK_MINUTES } from '../../domain/readers/rules.ts';
import { site } from '../../domain/site/site.ts';
import { signInLetter } from './letters/sign-in-letter.ts';
import { readyOutbox, sendNow, type Outbox } from './mail-settings.ts';

/** The mail about a reader's account, rendered (letters/) and sent now through the outbox. */
export class OutboxReaderMail implements ReaderMail {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  ensureConfigured(): void {
    readyOutbox(this.outbox);
  }

  async signInLink(to: string, link: string, _expiresAt: string, newsletters: readonly string[] = []): Promise<void> {
    const letter = signInLetter({ link, minutes: SIGN_IN_LINK_MINUTES, siteUrl: new URL(link).origin, newsletters });
    await sendNow(this.outbox, { address: to }, { ...letter, html: letter.html }, site.name, this.clock.now());
  }
}
