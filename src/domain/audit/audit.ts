import type { StoryStatus } from '../story/story.ts';

/**
 * The audit log's vocabulary (docs/product/api-sign-in-security.md#audit-log): what happened, who
 * did it, to what. An entry is written in the same atomic write as the change it records, so the
 * log never tells of a change that did not happen, nor misses one that did.
 */
export const AUDIT_ACTIONS = [
  'auth.login_succeeded',
  'auth.login_failed',
  'auth.password_changed',
  'auth.password_reset',
  'auth.password_reset_link_created',
  'auth.totp_enabled',
  'auth.totp_disabled',
  'auth.passkey_added',
  'auth.passkey_removed',
  'auth.session_ended',
  'auth.other_sessions_ended',
  'user.created',
  'user.deactivated',
  'user.role_changed',
  'settings.security_changed',
  'story.published',
  'story.unpublished',
  'story.deleted',
  'story.restored',
  'story.correction_added',
  'story.alert_sent',
  'stream.started',
  'stream.ended',
  'settings.fediverse_changed',
  'fediverse.reply_approved',
  'fediverse.reply_hidden',
  'fediverse.blocked',
  'fediverse.unblocked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['user', 'story', 'stream', 'passkey', 'session', 'settings', 'fediverse'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export interface AuditTarget {
  type: AuditTargetType;
  id: number | null;
  /** What a person recognises it by (a username, a story's title), as it was at the time. */
  label: string | null;
}

export type AuditDetail = Record<string, string | number | boolean | null>;

/** One entry to write; the time is the write's own. */
export interface AuditEntry {
  action: AuditAction;
  /** Null for the system (the minute job, a stream that ends by itself) and for a name that is no account. */
  actorId: number | null;
  target: AuditTarget | null;
  detail?: AuditDetail;
}

/** An entry as the log holds it (GET /api/audit). */
export interface AuditRecord {
  id: number;
  at: string;
  actor: { id: number; username: string } | null;
  action: string;
  target: AuditTarget | null;
  detail: AuditDetail;
}

/** What a status change means for readers: a story appearing on the site, or leaving it. */
export function publicationChange(before: StoryStatus | null, after: StoryStatus): 'story.published' | 'story.unpublished' | null {
  if (after === 'published' && before !== 'published') return 'story.published';
  if (before === 'published' && after !== 'published') return 'story.unpublished';
  return null;
}

/** The entry, if any, a save from `before` to `after` makes, by `actorId`. */
export function storySaveAudit(
  actorId: number,
  story: { id?: number; title: string },
  before: StoryStatus | null,
  after: StoryStatus,
): AuditEntry[] {
  const action = publicationChange(before, after);
  if (!action) return [];
  return [{ action, actorId, target: { type: 'story', id: story.id ?? null, label: story.title } }];
}

/** Typed text kept in an entry (a name someone tried to sign in with) is cut to this many characters. */
export const AUDIT_TEXT_MAX = 100;

export function auditText(text: string): string {
  return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX - 1)}…` : text;
}
