import type { SecurityNotice, StaffMail } from '../../domain/security/ports.ts';
import type { User } from '../../domain/users/entities.ts';

export interface StaffNoticeDeps {
  staffMail: StaffMail;
}

/**
 * Mails a staff member that their account's sign-in changed (a password, an authenticator app, a
 * passkey). The change is already written and stays whatever the mail server says: a mail that
 * cannot leave is logged, never an error for the change.
 */
export async function tellStaff(
  deps: StaffNoticeDeps,
  user: Pick<User, 'id' | 'email'>,
  notice: SecurityNotice,
  origin: string,
): Promise<void> {
  try {
    await deps.staffMail.notice(user.email, notice, origin);
  } catch (error) {
    console.warn(`The ${notice} notice to user ${user.id} was not mailed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
