import { describe, expect, it } from 'vitest';
import { readSocialSettings, socialSettingsSchema, xHandleSchema } from './social.ts';

describe('X handles', () => {
  it('are stored with their @, typed with or without it; blank is none', () => {
    expect(xHandleSchema.parse('maya_okafor')).toBe('@maya_okafor');
    expect(xHandleSchema.parse(' @TheNewsroom ')).toBe('@TheNewsroom');
    expect(xHandleSchema.parse('')).toBeNull();
    expect(xHandleSchema.parse(null)).toBeNull();
  });

  it('refuse what X would not allow', () => {
    for (const bad of ['@', 'maya okafor', 'a'.repeat(16), '@@maya', 'maya-okafor', '<script>', 'https://x.com/maya']) {
      expect(xHandleSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('read a stored setting, or the default for anything unreadable', () => {
    expect(readSocialSettings({ xHandle: '@TheNewsroom' })).toEqual({ xHandle: '@TheNewsroom' });
    expect(readSocialSettings(undefined)).toEqual({ xHandle: null });
    expect(readSocialSettings({ xHandle: 'not a handle!' })).toEqual({ xHandle: null });
    expect(readSocialSettings('garbage')).toEqual({ xHandle: null });
    expect(socialSettingsSchema.parse({})).toEqual({ xHandle: null });
  });
});
