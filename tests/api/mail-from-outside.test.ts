import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';
import { buildDeps } from '../../src/adapters/compose.ts';
import { createApp } from '../../src/adapters/http/app.ts';
import { api, login, signUp } from './support/api.ts';
import { runQueuedJobs } from './support/jobs.ts';
import { linkIn, mailServers, mailTo, uniqueAddress } from './support/mail.ts';
import { confirmedSubscriber, createNewsletter } from './support/newsletters.ts';
import { cookieHeader, linkFragment } from './support/readers.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Issue 37: the mail a stranger can make the newsroom send. Caps count the mailbox (the address
 * without its +tag, Gmail's dots folded, googlemail.com as gmail.com), across newsletters; staff's
 * "Forgot password?" counts the account; every answer is 202 whatever happens; a subscription's mail
 * leaves after the answer, through the fan-out, so a known and an unknown address are answered alike;
 * a suppressed address gets no sign-in mail; a sign-in mail names the newsletters its link joins; a
 * link opened in another browser says whose account it is before signing anyone in; mail links are
 * made of SITE_ORIGIN, whatever Host the request came with.
 */

let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  admin = await signUp('admin');
});

let boxes = 0;
/** A mailbox no other test uses, at gmail.com (the catcher takes any address). */
function gmailBox(): string {
  boxes += 1;
  return `doors${boxes}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** How many messages reached any of these addresses (as stored: lower case). */
async function mailsTo(addresses: readonly string[]): Promise<number> {
  let total = 0;
  for (const address of new Set(addresses.map((a) => a.toLowerCase())))
    total += (await mailTo(address, { count: 10, timeoutMs: 300 })).length;
  return total;
}

/** Gmail reads dots in the local part as nothing: "doors1abc" as "d.o.o.r.s1abc". */
const dotted = (local: string) => local.split('').join('.');

describe('caps count the mailbox, not the address', () => {
  it('mails at most 5 sign-in links per mailbox in 15 minutes, however the address is written; every answer is 202', async () => {
    const box = gmailBox();
    const forms = [
      `${box}@gmail.com`,
      `${box}+1@gmail.com`,
      `${box}+2@gmail.com`,
      `${dotted(box)}@gmail.com`,
      `${box}+news@googlemail.com`,
      `${box.toUpperCase()}+3@GMAIL.COM`,
      `${box}+4@gmail.com`,
      `${dotted(box)}+5@googlemail.com`,
    ];
    for (const email of forms) {
      const res = await api('/api/readers/signin', { method: 'POST', json: { email } });
      expect([res.status, res.body]).toEqual([202, {}]);
    }
    await runQueuedJobs();
    expect(await mailsTo(forms)).toBe(5);
  });

  it('mails at most 5 confirmations per mailbox in an hour, across newsletters', async () => {
    const letters = [await createNewsletter(admin.token), await createNewsletter(admin.token), await createNewsletter(admin.token)];
    const box = gmailBox();
    const asks = Array.from({ length: 8 }, (_, i) => ({ letter: letters[i % 3]!, email: `${box}+${i}@gmail.com` }));
    for (const { letter, email } of asks) {
      const res = await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email } });
      expect([res.status, res.body]).toEqual([202, {}]);
    }
    await runQueuedJobs();
    expect(await mailsTo(asks.map((ask) => ask.email))).toBe(5);
  });

  it('mails "Forgot password?" links to one account at most 3 times an hour, however it is named; the answer stays 202', async () => {
    const { user } = await signUp('reporter', { email: uniqueAddress('staff') });
    for (let i = 0; i < 10; i++) {
      const res = await api('/api/auth/password-reset/request', {
        method: 'POST',
        json: { emailOrUsername: i % 2 === 0 ? user.username : user.email.toUpperCase() },
      });
      expect([res.status, res.body]).toEqual([202, {}]);
    }
    expect(await mailTo(user.email, { count: 4, timeoutMs: 2000 })).toHaveLength(3);
  });

  it('does not sign a staff member out when a stranger asks for their reset link', async () => {
    const { user, token, password } = await signUp('reporter', { email: uniqueAddress('staff') });
    await api('/api/auth/password-reset/request', { method: 'POST', json: { emailOrUsername: user.username } });
    expect((await api('/api/auth/me', { token })).status).toBe(200);
    // Following the link still ends every session, as a changed password does.
    const [mail] = await mailTo(user.email);
    const link = mail!.text!.split(/\s+/).find((word) => word.includes('/reset-password#token='))!;
    const token2 = new URL(link).hash.slice('#token='.length);
    expect((await api('/api/auth/password-reset', { method: 'POST', json: { token: token2, password: `${password}-new` } })).status).toBe(
      204,
    );
    expect((await api('/api/auth/me', { token })).status).toBe(401);
    expect(await login(user.username, `${password}-new`)).toBeTruthy();
  });
});

describe('subscribing', () => {
  it('answers a known and an unknown address alike, even when the mail server is down, and mails after answering', async () => {
    const letter = await createNewsletter(admin.token);
    const known = uniqueAddress();
    await confirmedSubscriber(letter.slug, known);
    // The mail server hangs up on every connection.
    const down = createApp(buildDeps({ ...env, SMTP_URL: `smtp://127.0.0.1:${mailServers.hangUpPort}` }));
    const ask = async (email: string) => {
      const res = await down.fetch(
        new Request(`http://newsroom.test/api/newsletters/${letter.slug}/subscribe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email }),
        }),
      );
      return { status: res.status, body: await res.text(), headers: [...res.headers.keys()].sort() };
    };
    const unknown = uniqueAddress();
    const [a, b] = [await ask(known), await ask(unknown)];
    expect(a).toEqual(b);
    expect(a.status).toBe(202);

    // With the mail server up: nothing leaves inside the request; the fan-out mails it.
    const later = uniqueAddress();
    expect((await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: later } })).status).toBe(202);
    expect(await mailTo(later, { timeoutMs: 500 })).toEqual([]);
    await runQueuedJobs();
    const [mail] = await mailTo(later);
    expect(mail!.subject).toBe(`Confirm your subscription to ${letter.name}`);
  });
});

describe('sign-in mail', () => {
  it('never goes to a suppressed address (a hard bounce or a complaint), and the answer is the same', async () => {
    const email = uniqueAddress();
    await env.DB.prepare("INSERT INTO suppressions (email, reason, created_at) VALUES (?1, 'hard_bounce', ?2)")
      .bind(email, new Date().toISOString())
      .run();
    const res = await api('/api/readers/signin', { method: 'POST', json: { email } });
    expect([res.status, res.body]).toEqual([202, {}]);
    await runQueuedJobs();
    expect(await mailTo(email, { timeoutMs: 800 })).toEqual([]);
  });

  it('names every newsletter its link joins, and the link joins no other', async () => {
    const letter = await createNewsletter(admin.token, { name: `The Harbour Dispatch ${gmailBox()}` });
    const closed = await createNewsletter(admin.token);
    await api(`/api/newsletters/${closed.id}`, { method: 'PUT', token: admin.token, json: { isActive: false } });
    const email = uniqueAddress();
    await api('/api/readers/signin', { method: 'POST', json: { email, newsletters: [letter.slug, closed.slug, 'no-such-letter'] } });
    await runQueuedJobs();
    const [mail] = await mailTo(email);
    expect(mail!.text).toContain(letter.name);
    expect(mail!.html).toContain(letter.name);
    expect(mail!.text).not.toContain(closed.name);
    // The closed newsletter opens again before the link is followed: the link still joins only what the mail named.
    await api(`/api/newsletters/${closed.id}`, { method: 'PUT', token: admin.token, json: { isActive: true } });
    const { token } = linkFragment(linkIn(mail!, 'http://newsroom.test/account/signin#'));
    const session = await api('/api/readers/session', { method: 'POST', json: { token } });
    expect(session.status).toBe(200);
    expect(session.body.newsletters).toEqual([letter.slug]);
  });

  it('says whose account a link opens before signing in a browser that did not ask for it', async () => {
    const email = uniqueAddress();
    const letter = await createNewsletter(admin.token);
    const asked = await api('/api/readers/signin', { method: 'POST', json: { email, newsletters: [letter.slug] } });
    const nonce = asked.headers.getSetCookie().find((cookie) => cookie.startsWith('reader_sign_in='))!;
    expect(nonce).toMatch(/; HttpOnly/);
    expect(nonce).toMatch(/; SameSite=Lax/);
    expect(nonce).toMatch(/; Path=\/api\/readers/);
    expect(nonce).toMatch(/; Max-Age=900/);
    await runQueuedJobs();
    const { token } = linkFragment(linkIn((await mailTo(email))[0]!, 'http://newsroom.test/account/signin#'));

    // Another browser (no cookie): it is told whose account this is, and nothing is used up.
    const elsewhere = await api('/api/readers/session/check', { method: 'POST', json: { token } });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual({ email, newsletters: [{ slug: letter.slug, name: letter.name }], thisBrowser: false });
    // The browser that asked.
    const here = await api('/api/readers/session/check', { method: 'POST', json: { token }, headers: { Cookie: cookieHeader(asked) } });
    expect(here.body.thisBrowser).toBe(true);
    expect((await api('/api/readers/session', { method: 'POST', json: { token } })).status).toBe(200);
    // A used link is told apart from nothing.
    expect((await api('/api/readers/session/check', { method: 'POST', json: { token } })).body.error.code).toBe('invalid_token');

    // The page a link opens asks before signing in (the island: web/site/readers/reader-sign-in.island.ts).
    const page = await siteApp()('/account/signin');
    expect(page.text).toContain('data-confirm-sign-in');
  });
});

describe('links in mail', () => {
  it('are made of SITE_ORIGIN, whatever Host the request came with', async () => {
    const email = uniqueAddress();
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('http://evil.example/api/readers/signin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(202);
    await runQueuedJobs();
    const [mail] = await mailTo(email);
    expect(mail!.text).toContain('http://newsroom.test/account/signin#token=');
    expect(mail!.text).not.toContain('evil.example');

    const { user } = await signUp('reporter', { email: uniqueAddress('staff') });
    const ctx2 = createExecutionContext();
    await worker.fetch(
      new Request('http://evil.example/api/auth/password-reset/request', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ emailOrUsername: user.username }),
      }),
      env,
      ctx2,
    );
    await waitOnExecutionContext(ctx2);
    const [reset] = await mailTo(user.email);
    expect(reset!.text).toContain('http://newsroom.test/reset-password#token=');
    expect(reset!.text).not.toContain('evil.example');
  });
});
