import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  AdminInputError,
  adminRow,
  adminUpsertStatements,
  DEFAULT_ADMIN_EMAIL,
  ensureFirstAdmin,
  resolveAdminCredentials,
  upsertAdmin,
} from '../../scripts/lib/admin-account.ts';
import { api, deps, login, signUp } from './support/api.ts';

describe('the first admin and npm run admin', () => {
  it('creates the first admin from the given credentials, and only while there is no active admin', async () => {
    const first = await ensureFirstAdmin(deps, { email: 'chief@example.com', password: 'chief-password', username: 'chief' });
    expect(first.kind).toBe('created');
    const token = await login('chief@example.com', 'chief-password');
    expect((await api('/api/auth/me', { token })).body).toMatchObject({ username: 'chief', role: 'admin', isActive: true });

    const second = await ensureFirstAdmin(deps, { email: 'other@example.com', password: 'other-password' });
    expect(second).toEqual({ kind: 'exists', activeAdmins: 1 });
    await expect(login('other@example.com', 'other-password')).rejects.toThrow('401');
    expect(await login('chief', 'chief-password')).toBeTruthy();
  });

  it('takes the first admin’s name from ADMIN_NAME, so its stories are not signed with the username', async () => {
    expect(resolveAdminCredentials({ name: '  Alex   Chief ' })).toMatchObject({ firstName: 'Alex', lastName: 'Chief' });
    expect(resolveAdminCredentials({ name: 'Ana de la Cruz' })).toMatchObject({ firstName: 'Ana', lastName: 'de la Cruz' });
    expect(resolveAdminCredentials({ name: 'Cher' })).toMatchObject({ firstName: 'Cher', lastName: null });
    expect(resolveAdminCredentials({})).toMatchObject({ firstName: null, lastName: null });
    expect(() => resolveAdminCredentials({ name: `Alex ${'x'.repeat(51)}` })).toThrow(AdminInputError);
    const row = await adminRow(resolveAdminCredentials({ name: 'Alex Chief', password: 'named-admin' }), deps.hasher);
    expect(row).toMatchObject({ firstName: 'Alex', lastName: 'Chief' });
  });

  it('generates a strong password when none is given, and derives the defaults', () => {
    const generated = resolveAdminCredentials({});
    expect(generated).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, username: 'admin', passwordGenerated: true });
    expect(generated.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(resolveAdminCredentials({}).password).not.toBe(generated.password);
    expect(resolveAdminCredentials({ email: 'Jo+News@Example.com', password: 'secret1' })).toMatchObject({
      username: 'JoNews',
      passwordGenerated: false,
    });
  });

  it('refuses credentials the register call would refuse', () => {
    const attempt = () => resolveAdminCredentials({ email: 'not-an-email', password: 'short' });
    expect(attempt).toThrow(AdminInputError);
    try {
      attempt();
    } catch (error) {
      expect((error as AdminInputError).fields).toEqual({
        email: 'Enter a valid email address',
        password: 'Password must be at least 6 characters',
      });
    }
  });

  it('resets an existing account to an active admin with the new password and ends its sessions', async () => {
    const reporter = await signUp('reporter', { email: 'promote@example.com' });
    const { user, created } = await upsertAdmin(deps, resolveAdminCredentials({ email: 'promote@example.com', password: 'new-admin-pw' }));
    expect(created).toBe(false);
    expect(user).toMatchObject({ id: reporter.user.id, username: reporter.user.username, role: 'admin' });
    expect((await api('/api/auth/me', { token: reporter.token })).status).toBe(401);
    await expect(login('promote@example.com', reporter.password)).rejects.toThrow('401');
    expect(await login('promote@example.com', 'new-admin-pw')).toBeTruthy();
  });

  it('writes the same admin through the plain SQL that --remote sends', async () => {
    const run = async (statements: string[]) => {
      for (const statement of statements) await env.DB.prepare(statement).run();
    };
    const credentials = resolveAdminCredentials({ email: "o'neil@example.com", password: 'remote-pw-1', username: 'oneil' });
    await run(adminUpsertStatements(await adminRow(credentials, deps.hasher)));
    const token = await login("o'neil@example.com", 'remote-pw-1');
    expect((await api('/api/auth/me', { token })).body).toMatchObject({ username: 'oneil', role: 'admin', isActive: true });

    const reporter = await signUp('reporter', { email: 'remote-reset@example.com' });
    await deps.users.deactivate(reporter.user.id, deps.clock.now());
    await run(
      adminUpsertStatements(
        await adminRow(resolveAdminCredentials({ email: 'remote-reset@example.com', password: 'remote-pw-2' }), deps.hasher),
      ),
    );
    const reset = await login('remote-reset@example.com', 'remote-pw-2');
    expect((await api('/api/auth/me', { token: reset })).body).toMatchObject({ id: reporter.user.id, role: 'admin', isActive: true });
    expect((await api('/api/auth/me', { token: reporter.token })).status).toBe(401);
  });
});
