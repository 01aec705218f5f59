import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createStory, deps, expectError, signUp } from './support/api.ts';
import { linkIn, mailTo, rawMail, uniqueAddress } from './support/mail.ts';
import { confirmationToken, confirmedSubscriber, createNewsletter } from './support/newsletters.ts';
import { asReader, signInReader } from './support/readers.ts';
import { runQueuedJobs } from './support/jobs.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';

/** docs/product/api-readers.md: newsletters, double opt-in, subscriber lists. */

let admin: { token: string };
let reporter: { token: string };
beforeAll(async () => {
  admin = await signUp('admin');
  reporter = await signUp('reporter');
});

const subscriptionOf = (slug: string, email: string) =>
  env.DB.prepare('SELECT s.* FROM subscriptions s JOIN newsletters n ON n.id = s.newsletter_id WHERE n.slug = ? AND s.email = ?')
    .bind(slug, email)
    .first<any>();

describe('the newsletters', () => {
  it('an admin creates them (slug from the name, a beat, a sender), anyone lists the active ones, staff see the subscriber count', async () => {
    const beat = await createBeat(deps, { name: `Courts ${Date.now()}`, description: null });
    const created = await api('/api/newsletters', {
      method: 'POST',
      token: admin.token,
      json: { name: 'Courts Weekly', description: 'Every ruling.', beatId: beat.id, senderName: 'The Courts Desk' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      slug: 'courts-weekly',
      name: 'Courts Weekly',
      description: 'Every ruling.',
      beat: { id: beat.id, name: beat.name },
      senderName: 'The Courts Desk',
      isActive: true,
      subscribers: 0,
    });
    expectError(
      await api('/api/newsletters', { method: 'POST', token: admin.token, json: { name: 'Other', slug: 'courts-weekly' } }),
      409,
      'slug_taken',
    );
    expectError(await api('/api/newsletters', { method: 'POST', token: reporter.token, json: { name: 'Mine' } }), 403);
    expectError(await api('/api/newsletters', { method: 'POST', json: { name: 'Anyone' } }), 401);
    expect(
      expectError(await api('/api/newsletters', { method: 'POST', token: admin.token, json: { name: '' } }), 400).fields,
    ).toHaveProperty('name');
    expect(
      expectError(await api('/api/newsletters', { method: 'POST', token: admin.token, json: { name: 'Beatless', beatId: 999999 } }), 400)
        .fields,
    ).toHaveProperty('beatId');

    const inactive = await createNewsletter(admin.token, { isActive: false });
    const anyone = await api('/api/newsletters');
    expect(anyone.status).toBe(200);
    const listed = anyone.body.find((n: any) => n.slug === 'courts-weekly');
    expect(listed).not.toHaveProperty('subscribers');
    expect(anyone.body.some((n: any) => n.slug === inactive.slug)).toBe(false);
    const staff = await api('/api/newsletters', { token: reporter.token });
    expect(staff.body.find((n: any) => n.slug === 'courts-weekly').subscribers).toBe(0);
    const names = anyone.body.map((n: any) => n.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));

    const updated = await api(`/api/newsletters/${created.body.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { senderName: null, description: 'Rulings.' },
    });
    expect(updated.body).toMatchObject({ slug: 'courts-weekly', senderName: null, description: 'Rulings.', beat: { id: beat.id } });
    expectError(await api('/api/newsletters/999999', { method: 'PUT', token: admin.token, json: { name: 'x' } }), 404);
  });
});

describe('double opt-in', () => {
  it('mails a confirmation and subscribes nothing until its link is followed', async () => {
    const letter = await createNewsletter(admin.token, { senderName: 'Morning Desk' });
    const email = uniqueAddress();
    const asked = await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: email.toUpperCase() } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({});
    // The confirmation leaves after the answer, through the fan-out (decision 105).
    await runQueuedJobs();
    expect(await subscriptionOf(letter.slug, email)).toMatchObject({ status: 'pending', source: 'form' });

    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe(`Confirm your subscription to ${letter.name}`);
    expect(mail!.from).toEqual([{ address: 'newsroom@newsroom.test', name: 'Morning Desk' }]);
    expect(mail!.dkim).toBe('pass');
    const token = confirmationToken(linkIn(mail!, 'http://newsroom.test/newsletters/confirm#token='));
    expect(
      (await env.DB.prepare('SELECT confirmation_hash FROM subscriptions WHERE email = ?').bind(email).first<any>()).confirmation_hash,
    ).not.toBe(token);

    const confirmed = await api('/api/newsletters/confirm', { method: 'POST', json: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ newsletter: expect.objectContaining({ slug: letter.slug, name: letter.name }), email });
    expect(await subscriptionOf(letter.slug, email)).toMatchObject({ status: 'subscribed', confirmed_via: 'link' });
    expectError(await api('/api/newsletters/confirm', { method: 'POST', json: { token } }), 400, 'invalid_token');

    // Subscribed already: the same answer, and no second mail.
    expect((await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email } })).status).toBe(202);
    await runQueuedJobs();
    expect(await mailTo(email, { count: 2, timeoutMs: 500 })).toHaveLength(1);
  });

  it('subscribes a signed-in reader’s own address at once; another address still needs its confirmation', async () => {
    const letter = await createNewsletter(admin.token);
    const email = uniqueAddress();
    const { cookie } = await signInReader(email);
    const own = await asReader(cookie, `/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ subscribed: true });
    expect((await asReader(cookie, '/api/readers/me')).body.newsletters).toEqual([letter.slug]);
    const other = uniqueAddress();
    expect((await asReader(cookie, `/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: other } })).status).toBe(
      202,
    );
    await runQueuedJobs();
    expect(await subscriptionOf(letter.slug, other)).toMatchObject({ status: 'pending' });
  });

  it('refuses a confirmation for a newsletter deactivated since, and changes nothing', async () => {
    const letter = await createNewsletter(admin.token);
    const email = uniqueAddress();
    await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email } });
    await runQueuedJobs();
    const token = confirmationToken(linkIn((await mailTo(email))[0]!, 'http://newsroom.test/newsletters/confirm#'));
    await api(`/api/newsletters/${letter.id}`, { method: 'PUT', token: admin.token, json: { isActive: false } });
    expectError(await api('/api/newsletters/confirm', { method: 'POST', json: { token } }), 409, 'newsletter_inactive');
    expect(await subscriptionOf(letter.slug, email)).toMatchObject({ status: 'pending' });
    expectError(await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: uniqueAddress() } }), 404);
  });

  it('refuses bad input with a 4xx and mails nothing', async () => {
    const letter = await createNewsletter(admin.token);
    for (const email of ['nope', `${'a'.repeat(255)}@x.io`, ''])
      expect(
        expectError(await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email } }), 400).fields,
      ).toHaveProperty('email');
    expectError(await api('/api/newsletters/no-such-letter/subscribe', { method: 'POST', json: { email: uniqueAddress() } }), 404);
    expectError(await api('/api/newsletters/confirm', { method: 'POST', json: { token: 'x'.repeat(43) } }), 400, 'invalid_token');
    expectError(
      await api(`/api/newsletters/${letter.slug}/subscribe`, {
        method: 'POST',
        body: 'email=a@b.co',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
  });

  it('a sign-in link that names newsletters subscribes the reader to them when followed', async () => {
    const letter = await createNewsletter(admin.token);
    const email = uniqueAddress();
    const { reader } = await signInReader(email, [letter.slug, 'no-such-letter']);
    expect(reader.newsletters).toEqual([letter.slug]);
    expect(await subscriptionOf(letter.slug, email)).toMatchObject({
      status: 'subscribed',
      source: 'sign_in',
      confirmed_via: 'sign_in_link',
    });
  });

  it('PUT /api/readers/me/newsletters keeps exactly those, and the export says how each was confirmed', async () => {
    const [a, b, c] = [await createNewsletter(admin.token), await createNewsletter(admin.token), await createNewsletter(admin.token)];
    const email = uniqueAddress();
    const { cookie } = await signInReader(email, [a.slug, b.slug]);
    const res = await asReader(cookie, '/api/readers/me/newsletters', { method: 'PUT', json: { newsletters: [b.slug, c.slug] } });
    expect(res.status).toBe(200);
    expect([...res.body.newsletters].sort()).toEqual([b.slug, c.slug].sort());
    expect(await subscriptionOf(a.slug, email)).toMatchObject({ status: 'unsubscribed' });
    expect(
      expectError(await asReader(cookie, '/api/readers/me/newsletters', { method: 'PUT', json: { newsletters: ['missing'] } }), 400).fields,
    ).toHaveProperty('newsletters');
    const exported = (await asReader(cookie, '/api/readers/me/export')).body;
    expect(exported.subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ newsletter: a.slug, status: 'unsubscribed', confirmedVia: 'sign_in_link' }),
        expect.objectContaining({ newsletter: c.slug, status: 'subscribed', confirmedVia: 'signed_in', source: 'account' }),
      ]),
    );
  });
});

describe('the minute job (decision 105)', () => {
  it('prunes pending subscriptions whose confirmation expired: never confirmed, gone; unsubscribed before, unsubscribed again', async () => {
    const letter = await createNewsletter(admin.token);
    const stranger = uniqueAddress();
    const returning = uniqueAddress();
    const waiting = uniqueAddress();
    await confirmedSubscriber(letter.slug, returning);
    await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: stranger } });
    await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: waiting } });
    await runQueuedJobs();
    await env.DB.prepare("UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ? WHERE email = ?")
      .bind(new Date().toISOString(), returning)
      .run();
    await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: returning } });
    await runQueuedJobs();
    await mailTo(returning, { count: 2 });
    expect(await subscriptionOf(letter.slug, stranger)).toMatchObject({ status: 'pending' });
    expect(await subscriptionOf(letter.slug, returning)).toMatchObject({ status: 'pending' });
    await env.DB.prepare("UPDATE subscriptions SET confirmation_expires_at = '2000-01-01T00:00:00.000Z' WHERE email IN (?, ?)")
      .bind(stranger, returning)
      .run();

    const { runScheduledJob } = await import('../../src/adapters/jobs/scheduled-job.ts');
    const { noEdgeCache } = await import('../../src/adapters/http/middleware/edge-cache.ts');
    await runScheduledJob(deps, noEdgeCache, Date.now());

    expect(await subscriptionOf(letter.slug, stranger)).toBe(null);
    expect(await subscriptionOf(letter.slug, returning)).toMatchObject({
      status: 'unsubscribed',
      confirmation_hash: null,
      confirmation_expires_at: null,
    });
    expect(await subscriptionOf(letter.slug, waiting)).toMatchObject({ status: 'pending' });
  });
});

describe('subscriber lists', () => {
  it('filter by status, search, and export as CSV', async () => {
    const letter = await createNewsletter(admin.token);
    const [subscribed, pending, leaving, bounced] = ['sub', 'pend', 'leave', 'hardbounced'].map((label) => uniqueAddress(label));
    await confirmedSubscriber(letter.slug, subscribed!);
    await confirmedSubscriber(letter.slug, leaving!);
    await confirmedSubscriber(letter.slug, bounced!);
    await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: pending } });
    await runQueuedJobs();
    await deps.subscriptions.unsubscribe(letter.id, leaving!, new Date().toISOString());
    await deps.suppressions.suppress(bounced!, 'hard_bounce', new Date().toISOString());

    const list = (query: string) => api(`/api/newsletters/${letter.id}/subscribers?${query}`, { token: admin.token });
    const all = await list('');
    expect(all.body.total).toBe(4);
    expect(all.body.subscribers[0]).toEqual({
      email: expect.any(String),
      status: expect.any(String),
      subscribedAt: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      source: 'form',
    });
    for (const [status, email] of [
      ['subscribed', subscribed],
      ['pending', pending],
      ['unsubscribed', leaving],
      ['suppressed', bounced],
    ] as const) {
      const res = await list(`status=${status}`);
      expect(
        res.body.subscribers.map((s: any) => s.email),
        status,
      ).toEqual([email]);
    }
    expect(
      (await list(`q=${encodeURIComponent(subscribed!.slice(0, 12).toUpperCase())}`)).body.subscribers.map((s: any) => s.email),
    ).toEqual([subscribed]);
    expect((await list('q=%25')).body.total).toBe(0);
    expectError(await list('status=bogus'), 400);
    expectError(await api(`/api/newsletters/${letter.id}/subscribers`, { token: reporter.token }), 403);

    const csv = await list('format=csv&status=subscribed');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toMatch(
      new RegExp(`^email,status,subscribedAt,source\\r\\n${subscribed!.replace(/[.+]/g, '\\$&')},subscribed,\\d{4}-[^,]+,form\\r\\n$`),
    );
  });

  it('import: needs consent, skips who is there, unsubscribed or suppressed, and names the bad lines', async () => {
    const letter = await createNewsletter(admin.token);
    const there = uniqueAddress('there');
    const left = uniqueAddress('left');
    const suppressed = uniqueAddress('suppressed');
    await confirmedSubscriber(letter.slug, there);
    await confirmedSubscriber(letter.slug, left);
    await deps.subscriptions.unsubscribe(letter.id, left, new Date().toISOString());
    await deps.suppressions.suppress(suppressed, 'complaint', new Date().toISOString());
    const fresh = [uniqueAddress('new'), uniqueAddress('new')];
    const csv = `email,name,subscribedAt\r\n${fresh[0]},"Smith, Ann",2025-01-02\r\nnot-an-address,x,\r\n${there},,\r\n${left},,\r\n${suppressed},,\r\n${fresh[1]!.toUpperCase()},,yesterday\r\n${fresh[1]},,\r\n`;
    const importCsv = (body: string, query = '?consent=true') =>
      api(`/api/newsletters/${letter.id}/subscribers/import${query}`, {
        method: 'POST',
        token: admin.token,
        body,
        headers: { 'Content-Type': 'text/csv' },
      });

    expect(expectError(await importCsv(csv, ''), 400).fields).toHaveProperty('consent');
    const res = await importCsv(csv);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      imported: 2,
      skipped: 3,
      invalid: [
        { line: 3, reason: '"not-an-address" is not a mail address' },
        { line: 7, reason: '"yesterday" is not a date' },
      ],
    });
    expect(await subscriptionOf(letter.slug, fresh[0]!)).toMatchObject({
      status: 'subscribed',
      source: 'import',
      confirmed_via: 'import',
      subscribed_at: '2025-01-02T00:00:00.000Z',
    });
    expect(await subscriptionOf(letter.slug, left)).toMatchObject({ status: 'unsubscribed' });
    expect(await subscriptionOf(letter.slug, suppressed)).toBe(null);

    const broken = expectError(await importCsv(`email\r\n${uniqueAddress()}\r\n"unclosed@example.com\r\n`), 400);
    expect(broken.fields?.file).toBe('Line 3: a quoted field is never closed');
    expect(expectError(await importCsv('address\r\na@b.co\r\n'), 400).fields?.file).toMatch(/^Line 1: /);

    const form = new FormData();
    form.set('file', new File([`email\n${uniqueAddress('form')}\n`], 'list.csv', { type: 'text/csv' }));
    form.set('consent', 'true');
    const multipart = await api(`/api/newsletters/${letter.id}/subscribers/import`, { method: 'POST', token: admin.token, body: form });
    expect(multipart.body).toMatchObject({ imported: 1 });
  });
});

describe('deleting a reader', () => {
  it('removes their subscriptions', async () => {
    const letter = await createNewsletter(admin.token);
    const email = uniqueAddress();
    const { cookie } = await signInReader(email, [letter.slug]);
    expect((await asReader(cookie, '/api/readers/me', { method: 'DELETE' })).status).toBe(204);
    expect(await subscriptionOf(letter.slug, email)).toBe(null);
  });
});

export { createStory, rawMail };
