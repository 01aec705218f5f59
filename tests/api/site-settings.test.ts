import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { deps } from './support/api.ts';

describe('site settings (D1)', () => {
  it('a key never written reads as undefined, so its owner applies the default', async () => {
    expect(await deps.settings.get('never-written')).toBeUndefined();
  });

  it('keeps a JSON value per key, and a second write replaces the first', async () => {
    await deps.settings.put('example', { level: 'admins', list: [1, 2] }, null, '2026-11-24T10:00:00.000Z');
    expect(await deps.settings.get('example')).toEqual({ level: 'admins', list: [1, 2] });
    await deps.settings.put('example', 'plain', null, '2026-11-24T11:00:00.000Z');
    expect(await deps.settings.get('example')).toBe('plain');
    const row = await env.DB.prepare('SELECT value, updated_at FROM site_settings WHERE key = ?').bind('example').first();
    expect(row).toEqual({ value: '"plain"', updated_at: '2026-11-24T11:00:00.000Z' });
  });

  it('the table refuses a value that is not JSON', async () => {
    await expect(
      env.DB.prepare("INSERT INTO site_settings (key, value, updated_at) VALUES ('bad', 'not json', 'x')").run(),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});
