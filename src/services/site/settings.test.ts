import { describe, expect, it } from 'vitest';
import { aUser, fixedClock, NOW } from '../support/fakes.ts';
import { newsletterSettings, saveNewsletterSettings } from '../newsletters/newsletter-settings.ts';
import { saveSocialSettings, socialSettings } from './social-settings.ts';

/** The settings table in memory: each key's value and who wrote it when. */
function settingsStore() {
  const rows = new Map<string, { value: unknown; by: number; at: string }>();
  return {
    rows,
    deps: {
      clock: fixedClock,
      settings: {
        get: async (key: string) => rows.get(key)?.value ?? null,
        put: async (key: string, value: unknown, by: number, at: string) => void rows.set(key, { value, by, at }),
      },
    },
  };
}

describe('the site’s settings', () => {
  it('social: none until an admin sets them, then what they set, with who and when', async () => {
    const { deps, rows } = settingsStore();
    expect(await socialSettings(deps)).toEqual({ xHandle: null });
    expect(await saveSocialSettings(deps, aUser({ id: 4, role: 'admin' }), { xHandle: '@newsroom' })).toEqual({ xHandle: '@newsroom' });
    expect(await socialSettings(deps)).toEqual({ xHandle: '@newsroom' });
    expect(rows.get('social')).toMatchObject({ by: 4, at: NOW });
  });

  it('newsletters: a blank postal address is none', async () => {
    const { deps } = settingsStore();
    expect(await newsletterSettings(deps)).toEqual({ postalAddress: null });
    expect(await saveNewsletterSettings(deps, aUser({ role: 'admin' }), { postalAddress: '1 Main St' })).toEqual({
      postalAddress: '1 Main St',
    });
    expect(await saveNewsletterSettings(deps, aUser({ role: 'admin' }), { postalAddress: '' })).toEqual({ postalAddress: null });
    expect(await newsletterSettings(deps)).toEqual({ postalAddress: null });
  });
});
