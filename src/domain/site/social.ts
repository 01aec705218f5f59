import { z } from 'zod';

/**
 * Handles on X for link previews (docs/product/api-pictures.md, "Link previews"): the site's own
 * (the `social` setting, twitter:site) and each author's (a user field, twitter:creator). X allows
 * letters, digits and underscores, at most 15; stored and shown with the "@".
 */
export const X_HANDLE_MESSAGE = 'An X handle is @ and up to 15 letters, digits or underscores';
const HANDLE = /^@?([A-Za-z0-9_]{1,15})$/;

/** A handle as typed ("maya_okafor", "@maya_okafor", blank for none) to its stored form ("@maya_okafor", or null). */
export const xHandleSchema = z
  .union([z.string(), z.null()], { error: X_HANDLE_MESSAGE })
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || HANDLE.test(value), { error: X_HANDLE_MESSAGE })
  .transform((value) => (value === null ? null : `@${HANDLE.exec(value)![1]}`));

/** The `social` setting's value. */
export const socialSettingsSchema = z.object({ xHandle: xHandleSchema.default(null) });
export type SocialSettings = z.infer<typeof socialSettingsSchema>;

export const SOCIAL_SETTINGS_KEY = 'social';
export const DEFAULT_SOCIAL_SETTINGS: SocialSettings = { xHandle: null };

/** The stored setting, checked; anything unreadable is the default (no handle). */
export function readSocialSettings(stored: unknown): SocialSettings {
  const parsed = socialSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_SOCIAL_SETTINGS;
}
