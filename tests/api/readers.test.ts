import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api, expectError, signUp } from './support/api.ts';
import { mailTo, uniqueAddress } from './support/mail.ts';
import { runQueuedJobs } from './support/jobs.ts';
import { asReader, cookieHeader, linkFragment, signInLinkFor, signInReader } from './support/readers.ts';

/** docs/product/api.md, "Readers and newsletters": reader accounts without passwords. */

const READER_KEYS = ['createdAt', 'email', 'id', 'membership', 'name', 'newsletters'];

describe('POST /api/readers/signin', () => {
  it('answers 202 and mails a single-use link to the sign-in page, keeping only its hash', async () => {
    const email = uniqueAddress();
    const res = await api('/api/readers/signin', { method: 'POST', json: { email: email.toUpperCase(), next: '/story/some-story' } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({});

    // The link leaves after the answer, through the fan-out (decision 105).
    await runQueuedJobs();
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Sign in to The Newsroom');
    expect(mail!.from).toEqual([{ address: 'newsroom@newsroom.test', name: 'The Newsroom' }]);
    expect(mail!.dkim).toBe('pass');
    expect(mail!.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    const link = await signInLinkFor(email);
    expect(link).toMatch(/^http:\/\/newsroom\.test\/account\/signin#token=[A-Za-z0-9_-]{40,}&next=%2Fstory%2Fsome-story$/);
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));
    const { token, next } = linkFragment(link);
    expect(next).toBe('/story/some-story');

    const stored = await env.DB.prepare('SELECT * FROM reader_sign_in_links WHERE email = ?').bind(email).all();
    expect(stored.results).toHaveLength(1);
    expect(JSON.stringify(stored.results)).not.toContain(token);
  });

  it('answers the same for an address it has never seen: nobody learns who reads here', async () => {
    const known = uniqueAddress();
    await signInReader(known);
    const unknown = uniqueAddress();
    const [a, b] = await Promise.all([
      api('/api/readers/signin', { method: 'POST', json: { email: known } }),
      api('/api/readers/signin', { method: 'POST', json: { email: unknown } }),
    ]);
    expect([a.status, a.text]).toEqual([b.status, b.text]);
    await runQueuedJobs();
    expect(await mailTo(unknown)).toHaveLength(1);
  });

  it('refuses what is not one mail address with 400 and fields.email, and mails nothing', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', `${'a'.repeat(250)}@x.io`, 'a@example.com\r\nBcc: victim@example.com', 42, null]) {
      const res = await api('/api/readers/signin', { method: 'POST', json: { email } });
      const error = expectError(res, 400, 'validation_failed');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(email)).toEqual(['email']);
    }
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM reader_sign_in_links').first<{ n: number }>();
    const before = count!.n;
    const error = expectError(await api('/api/readers/signin', { method: 'POST', json: { email: `${'a'.repeat(255)}@example.com` } }), 400);
    expect(error.fields?.email).toMatch(/254/);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM reader_sign_in_links').first<{ n: number }>())!.n).toBe(before);
  });

  it('refuses a next that leaves the site, and newsletters that are not slugs', async () => {
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])
      expect(
        expectError(await api('/api/readers/signin', { method: 'POST', json: { email: uniqueAddress(), next } }), 400).fields,
      ).toHaveProperty('next');
    expect(
      expectError(await api('/api/readers/signin', { method: 'POST', json: { email: uniqueAddress(), newsletters: ['Not A Slug'] } }), 400)
        .fields,
    ).toHaveProperty(['newsletters.0']);
  });

  it('needs a JSON body (415 otherwise)', async () => {
    const res = await api('/api/readers/signin', {
      method: 'POST',
      body: `email=${uniqueAddress()}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectError(res, 415);
  });
});

describe('POST /api/readers/session', () => {
  it('follows a link once: 200 reader and the reader_session cookie (HttpOnly, SameSite=Lax, Path=/)', async () => {
    const email = uniqueAddress();
    await api('/api/readers/signin', { method: 'POST', json: { email } });
    const { token } = linkFragment(await signInLinkFor(email));
    const res = await api('/api/readers/session', { method: 'POST', json: { token } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(READER_KEYS);
    expect(res.body).toMatchObject({ email, name: null, newsletters: [], membership: { status: 'free', tier: null } });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('reader_session='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/; Secure/);
    expect(session.split(';')[0]!.length).toBeGreaterThan('reader_session='.length + 40);
    const hint = cookies.find((cookie) => cookie.startsWith('reader_signed_in='))!;
    expect(hint).toMatch(/^reader_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);

    const again = await api('/api/readers/session', { method: 'POST', json: { token } });
    expectError(again, 400, 'invalid_token');
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('marks the cookie Secure on https', async () => {
    const email = uniqueAddress();
    await api('/api/readers/signin', { method: 'POST', json: { email } });
    const { token } = linkFragment(await signInLinkFor(email));
    const { default: worker } = await import('../../src/worker.ts');
    const { createExecutionContext } = await import('cloudflare:test');
    const res = await worker.fetch(
      new Request('https://newsroom.test/api/readers/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      }),
      env,
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    for (const cookie of res.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/);
  });

  it('refuses an expired link, an unknown one and a malformed one, and creates nobody', async () => {
    const email = uniqueAddress();
    await api('/api/readers/signin', { method: 'POST', json: { email } });
    const { token } = linkFragment(await signInLinkFor(email));
    await env.DB.prepare("UPDATE reader_sign_in_links SET expires_at = '2000-01-01T00:00:00.000Z' WHERE email = ?").bind(email).run();
    expectError(await api('/api/readers/session', { method: 'POST', json: { token } }), 400, 'invalid_token');
    expectError(await api('/api/readers/session', { method: 'POST', json: { token: 'x'.repeat(43) } }), 400, 'invalid_token');
    expectError(await api('/api/readers/session', { method: 'POST', json: { token: 'short' } }), 400);
    expect(await env.DB.prepare('SELECT id FROM readers WHERE email = ?').bind(email).first()).toBe(null);
  });

  it('opens one session for a link followed many times at once', async () => {
    const email = uniqueAddress();
    await api('/api/readers/signin', { method: 'POST', json: { email } });
    const { token } = linkFragment(await signInLinkFor(email));
    const answers = await Promise.all(Array.from({ length: 8 }, () => api('/api/readers/session', { method: 'POST', json: { token } })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 400)).toHaveLength(7);
    const sessions = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM reader_sessions s JOIN readers r ON r.id = s.reader_id WHERE r.email = ?',
    )
      .bind(email)
      .first<{ n: number }>();
    expect(sessions!.n).toBe(1);
  });

  it('signs a returning reader into the same account', async () => {
    const email = uniqueAddress();
    const first = await signInReader(email);
    await api('/api/readers/signin', { method: 'POST', json: { email } });
    const { token } = linkFragment(await signInLinkFor(email, 2));
    const second = await api('/api/readers/session', { method: 'POST', json: { token } });
    expect(second.body.id).toBe(first.reader.id);
  });
});

describe('the signed-in reader', () => {
  it('GET /api/readers/me answers the reader, and 401 without a live session', async () => {
    const email = uniqueAddress();
    const { cookie, reader } = await signInReader(email);
    const me = await asReader(cookie, '/api/readers/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reader);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expectError(await api('/api/readers/me'), 401);
    expectError(await asReader('reader_session=' + 'A'.repeat(43), '/api/readers/me'), 401);
  });

  it('never takes a staff token, and a reader cookie never signs anyone in as staff', async () => {
    const { token: staffToken } = await signUp('admin');
    expectError(await api('/api/readers/me', { token: staffToken }), 401);
    const { cookie } = await signInReader(uniqueAddress());
    expectError(await asReader(cookie, '/api/auth/me'), 401);
    expectError(await asReader(cookie, '/api/users'), 401);
  });

  it('PUT /api/readers/me sets the name (plain text, at most 100 characters) and nothing else', async () => {
    const email = uniqueAddress();
    const { cookie, reader } = await signInReader(email);
    const res = await asReader(cookie, '/api/readers/me', {
      method: 'PUT',
      json: { name: '  Ada\nReader ', email: 'other@example.com', id: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reader.id, email, name: 'Ada Reader' });
    expect(
      expectError(await asReader(cookie, '/api/readers/me', { method: 'PUT', json: { name: 'x'.repeat(101) } }), 400).fields,
    ).toHaveProperty('name');
    expect((await asReader(cookie, '/api/readers/me')).body.name).toBe('Ada Reader');
    expect((await asReader(cookie, '/api/readers/me', { method: 'PUT', json: { name: '' } })).body.name).toBe(null);
  });

  it('POST /api/readers/signout ends that session at once and clears the cookies; other browsers stay signed in', async () => {
    const email = uniqueAddress();
    const one = await signInReader(email);
    await api('/api/readers/signin', { method: 'POST', json: { email } });
    const { token } = linkFragment(await signInLinkFor(email, 2));
    const other = cookieHeader(await api('/api/readers/session', { method: 'POST', json: { token } }));

    const res = await asReader(one.cookie, '/api/readers/signout', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((cookie) => /^reader_session=;.*Max-Age=0/.test(cookie))).toBe(true);
    expect(res.headers.getSetCookie().some((cookie) => /^reader_signed_in=;.*Max-Age=0/.test(cookie))).toBe(true);
    expectError(await asReader(one.cookie, '/api/readers/me'), 401);
    expect((await asReader(other, '/api/readers/me')).status).toBe(200);
  });

  it('calls that change anything need Content-Type: application/json (another site’s form cannot send it)', async () => {
    const { cookie } = await signInReader(uniqueAddress());
    for (const [method, path] of [
      ['POST', '/api/readers/signout'],
      ['DELETE', '/api/readers/me'],
    ] as const) {
      const res = await api(path, {
        method,
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'x=1',
      });
      expectError(res, 415);
    }
    expectError(
      await api('/api/readers/me', { method: 'PUT', headers: { Cookie: cookie, 'Content-Type': 'text/plain' }, body: '{"name":"x"}' }),
      415,
    );
    expect((await asReader(cookie, '/api/readers/me')).status).toBe(200);
  });

  it('GET /api/readers/me/export holds everything about the reader', async () => {
    const email = uniqueAddress();
    const { cookie } = await signInReader(email);
    await asReader(cookie, '/api/readers/me', { method: 'PUT', json: { name: 'Exporter' } });
    const res = await asReader(cookie, '/api/readers/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    expect(res.body).toMatchObject({
      reader: { email, name: 'Exporter', createdAt: expect.any(String), lastSignedInAt: expect.any(String) },
      subscriptions: [],
      sends: [],
      membership: { status: 'free' },
      payments: [],
    });
    expectError(await api('/api/readers/me/export'), 401);
  });

  it('DELETE /api/readers/me removes the reader and every session; signing in again starts afresh', async () => {
    const email = uniqueAddress();
    const { cookie, reader } = await signInReader(email);
    const res = await asReader(cookie, '/api/readers/me', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expectError(await asReader(cookie, '/api/readers/me'), 401);
    expect(await env.DB.prepare('SELECT id FROM readers WHERE email = ?').bind(email).first()).toBe(null);
    expect(await env.DB.prepare('SELECT token_hash FROM reader_sessions WHERE reader_id = ?').bind(reader.id).first()).toBe(null);
    const again = await signInReader(email);
    expect(again.reader.id).not.toBe(reader.id);
  });
});

describe('the minute job', () => {
  it('deletes sign-in links and reader sessions past their time, and keeps the live ones', async () => {
    const { runScheduledJob } = await import('../../src/adapters/jobs/scheduled-job.ts');
    const { noEdgeCache } = await import('../../src/adapters/http/middleware/edge-cache.ts');
    const { deps } = await import('./support/api.ts');
    const stale = uniqueAddress();
    const live = uniqueAddress();
    const staleReader = await signInReader(stale);
    const liveReader = await signInReader(live);
    await api('/api/readers/signin', { method: 'POST', json: { email: live } });
    await runQueuedJobs();
    await env.DB.prepare("UPDATE reader_sign_in_links SET expires_at = '2000-01-01T00:00:00.000Z' WHERE email = ?").bind(stale).run();
    await env.DB.prepare("UPDATE reader_sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE reader_id = ?")
      .bind(staleReader.reader.id)
      .run();

    await runScheduledJob(deps, noEdgeCache, Date.now());

    const links = async (email: string) =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM reader_sign_in_links WHERE email = ?').bind(email).first<{ n: number }>())!.n;
    const sessions = async (id: number) =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM reader_sessions WHERE reader_id = ?').bind(id).first<{ n: number }>())!.n;
    expect(await links(stale)).toBe(0);
    expect(await sessions(staleReader.reader.id)).toBe(0);
    expect(await links(live)).toBe(2);
    expect(await sessions(liveReader.reader.id)).toBe(1);
  });
});
