import { z } from 'zod';

/**
 * The newsroom's accounts in the fediverse (docs/product/api-fediverse.md): the newsroom itself, and
 * every staff member with a published story. An account's id is what its actor's address is made of
 * (/ap/actors/{account}) and never changes: 'newsroom', or the staff member's user id. Handles (what
 * people type: @newsroom@host, @maya.okafor@host) are looked up, and the newsroom's may change.
 */
export const NEWSROOM_ACCOUNT = 'newsroom';

export type AccountRef = { kind: 'newsroom' } | { kind: 'author'; userId: number };

export function accountId(ref: AccountRef): string {
  return ref.kind === 'newsroom' ? NEWSROOM_ACCOUNT : String(ref.userId);
}

export function authorAccount(userId: number): string {
  return String(userId);
}

/** The account an id names, or null for anything that is not one (a path segment from anyone). */
export function parseAccountId(id: string): AccountRef | null {
  if (id === NEWSROOM_ACCOUNT) return { kind: 'newsroom' };
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const userId = Number(id);
  return Number.isSafeInteger(userId) ? { kind: 'author', userId } : null;
}

/** The newsroom's handle when none is set. */
export const DEFAULT_NEWSROOM_HANDLE = 'newsroom';

export const HANDLE_MESSAGE = 'A handle is 1 to 30 lowercase letters, digits or underscores (dots and hyphens inside)';
const HANDLE = /^[a-z0-9_](?:[a-z0-9_.-]{0,28}[a-z0-9_])?$/;

/** The newsroom's handle as an admin types it ("Newsroom", "@newsroom"): stored lower case without the "@". */
export const newsroomHandleSchema = z
  .string({ error: HANDLE_MESSAGE })
  .transform((value) => value.trim().replace(/^@/, '').toLowerCase())
  .refine((value) => HANDLE.test(value), { error: HANDLE_MESSAGE });

/** The `fediverse` setting: the newsroom's handle. */
export const fediverseSettingsSchema = z.object({ handle: newsroomHandleSchema });
export type FediverseSettingsInput = z.infer<typeof fediverseSettingsSchema>;

export const FEDIVERSE_SETTINGS_KEY = 'fediverse';

/**
 * The stored setting: the handle, and the origin the fediverse knows this site by. The origin is
 * taken from the first request the fediverse makes (or the first admin save), then kept: every
 * actor's and story's id is made of it, and those must never change.
 */
export interface FediverseSettings {
  handle: string;
  origin: string | null;
}

const storedSchema = z.object({
  handle: newsroomHandleSchema.default(DEFAULT_NEWSROOM_HANDLE),
  origin: z.url().nullable().default(null),
});

/** The stored setting, checked; anything unreadable is the default. */
export function readFediverseSettings(stored: unknown): FediverseSettings {
  const parsed = storedSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { handle: DEFAULT_NEWSROOM_HANDLE, origin: null };
}

/** @handle@host, as people type it in their app's search. */
export function fediverseHandle(handle: string, origin: string): string {
  return `@${handle}@${new URL(origin).host}`;
}
