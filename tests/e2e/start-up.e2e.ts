import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, site } from './support/site.ts';

describe('what the start-up prepared', () => {
  it('created the first admin from ADMIN_EMAIL / ADMIN_USERNAME / ADMIN_PASSWORD', async () => {
    const { admin } = site();
    const token = await apiLogin(admin);
    const me = await apiCall<{ username: string; email: string; role: string }>('/api/auth/me', { token });
    expect(me.body).toMatchObject({ username: admin.username, email: admin.email, role: 'admin' });
  });

  it('created the demo reporters with DEMO_PASSWORD, and nobody else', async () => {
    const { admin, reporters } = site();
    for (const reporter of reporters) {
      const me = await apiCall<{ firstName: string; lastName: string; role: string }>('/api/auth/me', { token: await apiLogin(reporter) });
      expect(me.body).toMatchObject({ firstName: reporter.firstName, lastName: reporter.lastName, role: 'reporter' });
    }
    const users = await apiCall<{ username: string }[]>('/api/users', { token: await apiLogin(admin) });
    expect(users.body.map((user) => user.username).sort()).toEqual(
      [admin.username, ...reporters.map((reporter) => reporter.username)].sort(),
    );
  });

  it('serves the demo images with the security headers', async () => {
    const res = await fetch(`${site().baseUrl}/demo/levee-breach.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
