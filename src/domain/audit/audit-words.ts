import type { AuditAction, AuditTargetType } from './audit.ts';

/**
 * The audit log in plain words (the admin's Audit tab): what each action code means to a person,
 * said of whoever did it ("admin · Signed in"). A code this table does not know yet (one written by
 * a newer version) still reads: "Billing: plan changed".
 */
const ACTION_WORDS: Record<AuditAction, string> = {
  'auth.login_succeeded': 'Signed in',
  'auth.login_failed': 'Failed to sign in',
  'auth.password_changed': 'Changed their password',
  'auth.password_reset': 'Password reset',
  'auth.password_reset_link_created': 'Made a password reset link',
  'auth.totp_enabled': 'Turned on an authenticator app',
  'auth.totp_disabled': 'Turned off their authenticator app',
  'auth.passkey_added': 'Added a passkey',
  'auth.passkey_removed': 'Removed a passkey',
  'auth.session_ended': 'Signed out a session',
  'auth.other_sessions_ended': 'Signed out everywhere else',
  'user.created': 'Created an account',
  'user.deactivated': 'Deleted an account',
  'user.role_changed': 'Changed a role',
  'settings.security_changed': 'Changed the second-factor policy',
  'story.published': 'Published a story',
  'story.unpublished': 'Took a story off the site',
  'story.deleted': 'Deleted a story',
  'story.restored': 'Restored a story',
  'story.correction_added': 'Added a correction',
  'story.alert_sent': 'Sent a breaking-news alert',
  'stream.started': 'Went live',
  'stream.ended': 'Ended a live stream',
  'settings.fediverse_changed': 'Changed the fediverse settings',
  'fediverse.reply_approved': 'Approved a reply from the fediverse',
  'fediverse.reply_hidden': 'Hid a reply from the fediverse',
  'fediverse.blocked': 'Blocked in the fediverse',
  'fediverse.unblocked': 'Unblocked in the fediverse',
};

const TARGET_WORDS: Record<AuditTargetType, string> = {
  user: 'Account',
  story: 'Story',
  stream: 'Live stream',
  passkey: 'Passkey',
  session: 'Session',
  settings: 'Settings',
  fediverse: 'Fediverse',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const spaced = (code: string) => code.replace(/[_-]+/g, ' ').trim();

/** "auth.login_succeeded" -> "Signed in"; an unknown "billing.plan_changed" -> "Billing: plan changed". */
export function auditActionWords(action: string): string {
  if (Object.hasOwn(ACTION_WORDS, action)) return ACTION_WORDS[action as AuditAction];
  const [area = '', ...rest] = action.split('.');
  const what = spaced(rest.join(' '));
  return what ? `${capitalised(spaced(area))}: ${what}` : capitalised(spaced(area)) || 'Unknown action';
}

/** What an entry is about, as a word: "Story", "Account"; an unknown type as it is written, capitalised. */
export function auditTargetWords(type: string): string {
  return Object.hasOwn(TARGET_WORDS, type) ? TARGET_WORDS[type as AuditTargetType] : capitalised(spaced(type));
}
