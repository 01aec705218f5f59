import type { Context } from 'hono';
import type { SecurityNotice } from '../../domain/security/ports.ts';
import type { User } from '../../domain/users/entities.ts';
import type { AppEnv } from './context.ts';
import { waitUntilOf } from './wait-until.ts';

/**
 * Mails a staff member that their account's sign-in changed (a password, an authenticator app, a
 * passkey), after the answer: the change is done and kept whatever the mail server says, and a
 * mail that cannot leave is logged, never an error for the change.
 */
export function tellStaff(c: Context<AppEnv>, user: User, notice: SecurityNotice): void {
  const origin = new URL(c.req.url).origin;
  waitUntilOf(c)(
    c.var.deps.staffMail.notice(user.email, notice, origin).catch((error: unknown) => {
      console.warn(`The ${notice} notice to user ${user.id} was not mailed: ${error instanceof Error ? error.message : String(error)}`);
    }),
  );
}
