import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createStory, deps, expectError, signUp, updateStory } from './support/api.ts';
import { deliverJobMessages, runQueuedJobs } from './support/jobs.ts';
import { mailServers, mailTo, rawMail, uniqueAddress } from './support/mail.ts';
import type { Mailer } from '../../src/adapters/mail/mailer.ts';
import { SmtpMailer } from '../../src/adapters/mail/smtp-mailer.ts';
import { parseSmtpUrl } from '../../src/adapters/mail/smtp-url.ts';
import { openOutbox } from '../../src/adapters/mail/mail-settings.ts';
import { OutboxNewsletterMail } from '../../src/adapters/mail/newsletter-mail.ts';
import { deliverSendBatch } from '../../src/services/newsletters/deliver-send.ts';
import { forgetOldSendRecipients } from '../../src/services/newsletters/forget-old-recipients.ts';
import { SEND_PROGRESS_SLICE } from '../../src/domain/newsletters/rules.ts';
import { confirmedSubscriber, createNewsletter } from './support/newsletters.ts';
import { asReader, signInReader } from './support/readers.ts';
import { pngOf, multipart } from './support/media.ts';

/** docs/product/api-readers.md: sending a story as a newsletter, its mail, unsubscribing, bounces. */

let admin: { token: string; user: { email: string } };
let author: { token: string; user: { id: number; email: string } };
let other: { token: string };
beforeAll(async () => {
  admin = await signUp('admin');
  // An address of its own: test files share the mail catcher, and another file's reporter of the same
  // number (reporter2@newsroom.test) is mailed when their password changes.
  author = await signUp('reporter', { firstName: 'Ada', lastName: 'Lovelace', email: uniqueAddress('author') });
  other = await signUp('reporter');
});

async function uploadPicture(token: string): Promise<string> {
  const form = multipart([{ name: 'file', value: pngOf(256), filename: 'photo.png', contentType: 'image/png' }]);
  const res = await api('/api/upload/image', { method: 'POST', token, body: form.body, headers: { 'Content-Type': form.contentType } });
  expect(res.status, res.text).toBe(201);
  return res.body.url;
}

const sendOf = (id: number) => api(`/api/sends/${id}`, { token: admin.token });
const SEND_KEYS = [
  'bounced',
  'complained',
  'createdAt',
  'delivered',
  'failed',
  'finishedAt',
  'id',
  'newsletter',
  'recipients',
  'startedAt',
  'state',
  'storyId',
  'unsubscribed',
];

describe('sending a story', () => {
  it('mails every confirmed subscriber exactly one message that reads well: parts, headers, links, no tracking pixel', async () => {
    const letter = await createNewsletter(admin.token, { senderName: 'The Night Desk' });
    await api('/api/settings/newsletters', { method: 'PUT', token: admin.token, json: { postalAddress: '1 Press Row, Springfield' } });
    const readers = [uniqueAddress(), uniqueAddress(), uniqueAddress()];
    for (const email of readers) await confirmedSubscriber(letter.slug, email);
    const pending = uniqueAddress();
    await api(`/api/newsletters/${letter.slug}/subscribe`, { method: 'POST', json: { email: pending } });
    // Its confirmation leaves through the fan-out, before the send is asked for (decision 105).
    await runQueuedJobs();
    const picture = await uploadPicture(author.token);
    const story = await createStory(author.token, {
      status: 'published',
      title: 'The levee held — barely',
      description: 'What the engineers found.',
      featuredImageUrl: picture,
      featuredImageAlt: 'The levee at dawn',
      content:
        '<p>Read <a href="/story/another">the first part</a> and <a href="https://example.org/report">the report</a>.</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe><p>After the video.</p>',
    });

    const res = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    expect(res.status, res.text).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(SEND_KEYS);
    expect(res.body).toMatchObject({ storyId: story.id, newsletter: letter.slug, state: 'queued', recipients: 0, delivered: 0 });

    await runQueuedJobs();
    const send = (await sendOf(res.body.id)).body;
    expect(send).toMatchObject({ state: 'sent', recipients: 3, delivered: 3, failed: 0, bounced: 0, complained: 0, unsubscribed: 0 });
    expect(send.finishedAt).toEqual(expect.any(String));
    expect(await mailTo(pending, { count: 2, timeoutMs: 300 })).toHaveLength(1); // the confirmation only

    const messageIds = new Set<string>();
    for (const email of readers) {
      const mails = await mailTo(email, { count: 2 });
      expect(mails).toHaveLength(2); // the confirmation, then the issue
      const mail = mails[1]!;
      messageIds.add(mail.messageId!);
      expect(mail.subject).toBe('The levee held — barely');
      expect(mail.from).toEqual([{ address: 'newsroom@newsroom.test', name: 'The Night Desk' }]);
      expect(mail.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
      expect(mail.dkim).toBe('pass');
      expect(mail.messageId).toMatch(new RegExp(`^<send-${send.id}-\\d+@newsroom\\.test>$`));
      const unsubscribe = mail.headers['list-unsubscribe']![0]!;
      expect(unsubscribe).toMatch(/^<http:\/\/newsroom\.test\/api\/newsletters\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/);
      expect(mail.headers['list-unsubscribe-post']).toEqual(['List-Unsubscribe=One-Click']);
      expect(mail.headers['list-id']).toEqual([`${letter.name} <${letter.slug}.newsroom.test>`]);
      // HTML: the picture at a resized width, headline, byline, date, body, embeds as linked pictures, the way out.
      const html = mail.html!;
      expect(html).toContain(`src="http://newsroom.test${picture}?w=1280"`);
      expect(html).toContain('The levee held — barely');
      expect(html).toContain('By Ada Lovelace');
      expect(html).toContain(`href="http://newsroom.test/story/another?utm_source=${letter.slug}&amp;utm_medium=email"`);
      expect(html).toContain('href="https://example.org/report"');
      expect(html).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
      expect(html).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
      expect(html).not.toContain('<iframe');
      expect(html).toContain('Read it on the site');
      expect(html).toContain('1 Press Row, Springfield');
      expect(html).toContain(`You get this because you subscribed to ${letter.name}`);
      expect(html).toContain(unsubscribe.slice(1, -1).replace(/&/g, '&amp;'));
      expect(html).toContain('prefers-color-scheme: dark');
      // Dark mode recolours the story's links (the accent red cannot be read on the dark paper): each carries the class.
      expect(html).toMatch(/<a href="https:\/\/example\.org\/report"[^>]*class="nr-link"/);
      expect(html).toMatch(/<a class="nr-link" href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ"/);
      // No tracking pixel: every picture is the story's, YouTube's still, nothing else.
      const pictures = [...html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1]);
      expect(pictures).toEqual([`http://newsroom.test${picture}?w=1280`, 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg']);
      // Text: the same story, links as addresses.
      expect(mail.text).toContain('The levee held — barely');
      expect(mail.text).toContain(`the first part (http://newsroom.test/story/another?utm_source=${letter.slug}&utm_medium=email)`);
      expect(mail.text).toContain('Video: https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      expect(mail.text).toContain(`Unsubscribe: ${unsubscribe.slice(1, -1)}`);
      expect(mail.text).toContain('1 Press Row, Springfield');
    }
    expect(messageIds.size).toBe(3);

    expectError(
      await api(`/api/stories/${story.id}/send`, { method: 'POST', token: admin.token, json: { newsletter: letter.slug } }),
      409,
      'already_sent',
    );
    await runQueuedJobs();
    for (const email of readers) expect(await mailTo(email, { count: 3, timeoutMs: 300 })).toHaveLength(2);
  });

  it('refuses a draft (409 not_published), a stranger to the story (404), and an unknown newsletter (404)', async () => {
    const letter = await createNewsletter(admin.token);
    const draft = await createStory(author.token, { status: 'draft' });
    expectError(
      await api(`/api/stories/${draft.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } }),
      409,
      'not_published',
    );
    const published = await createStory(author.token, { status: 'published' });
    expectError(
      await api(`/api/stories/${published.id}/send`, { method: 'POST', token: other.token, json: { newsletter: letter.slug } }),
      404,
    );
    expectError(
      await api(`/api/stories/${published.id}/send`, { method: 'POST', token: author.token, json: { newsletter: 'nothing-here' } }),
      404,
    );
    expectError(await api(`/api/stories/${published.id}/send`, { method: 'POST', json: { newsletter: letter.slug } }), 401);
    expect((await api(`/api/sends/999999`, { token: admin.token })).status).toBe(404);
  });

  it('"test": true mails only the caller, and records no send', async () => {
    const letter = await createNewsletter(admin.token);
    const subscriber = uniqueAddress();
    await confirmedSubscriber(letter.slug, subscriber);
    const story = await createStory(author.token, { status: 'published' });
    const res = await api(`/api/stories/${story.id}/send`, {
      method: 'POST',
      token: author.token,
      json: { newsletter: letter.slug, test: true },
    });
    expect(res.status).toBe(202);
    const [test] = await mailTo(author.user.email);
    // Marked as a test in its subject and footer; not list mail, so no unsubscribe to offer.
    expect(test!.subject).toBe(`[Test] ${story.title}`);
    expect(test!.text).toContain(
      `This is a test of ${letter.name}, sent only to you from The Newsroom. Its subscribers have not received it.`,
    );
    expect(test!.text).not.toContain('you subscribed');
    expect(test!.html).not.toContain('Unsubscribe from');
    expect(test!.headers['list-unsubscribe']).toBeUndefined();
    await runQueuedJobs();
    expect(await mailTo(subscriber, { count: 2, timeoutMs: 300 })).toHaveLength(1);
    expect((await api(`/api/newsletters/${letter.id}/sends`, { token: admin.token })).body).toEqual([]);
    // The real send is still possible after a test.
    expect(
      (await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } })).status,
    ).toBe(202);
  });

  it('a scheduled story is sent when it is published, by the minute job', async () => {
    const letter = await createNewsletter(admin.token);
    const subscriber = uniqueAddress();
    await confirmedSubscriber(letter.slug, subscriber);
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const story = await createStory(author.token, { status: 'scheduled', publishAt });
    const res = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    expect(res.status).toBe(202);
    expect(res.body.state).toBe('queued');
    await runQueuedJobs();
    expect((await sendOf(res.body.id)).body.state).toBe('queued');

    const { runScheduledJob } = await import('../../src/adapters/jobs/scheduled-job.ts');
    const { noEdgeCache } = await import('../../src/adapters/http/middleware/edge-cache.ts');
    await runScheduledJob(deps, noEdgeCache, Date.parse(publishAt) + 1000);
    await runQueuedJobs();
    expect((await sendOf(res.body.id)).body).toMatchObject({ state: 'sent', recipients: 1, delivered: 1 });
    expect((await mailTo(subscriber, { count: 2 }))[1]!.subject).toBe(story.title);
  });

  it('lists a newsletter’s sends newest first: all of them for an admin, their own for a reporter', async () => {
    const letter = await createNewsletter(admin.token);
    const mine = await createStory(author.token, { status: 'published' });
    const theirs = await createStory(other.token, { status: 'published' });
    const a = await api(`/api/stories/${mine.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    const b = await api(`/api/stories/${theirs.id}/send`, { method: 'POST', token: other.token, json: { newsletter: letter.slug } });
    expect((await api(`/api/newsletters/${letter.id}/sends`, { token: admin.token })).body.map((s: any) => s.id)).toEqual([
      b.body.id,
      a.body.id,
    ]);
    expect((await api(`/api/newsletters/${letter.id}/sends`, { token: author.token })).body.map((s: any) => s.id)).toEqual([a.body.id]);
    expectError(await api(`/api/sends/${b.body.id}`, { token: author.token }), 404);
  });
});

describe('delivery that loses no one and mails no one twice', () => {
  it('a batch run twice (a duplicate message, or a rerun after a crash) mails nobody twice', async () => {
    const letter = await createNewsletter(admin.token);
    const readers = Array.from({ length: 5 }, () => uniqueAddress());
    for (const email of readers) await confirmedSubscriber(letter.slug, email);
    const story = await createStory(author.token, { status: 'published' });
    const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    await runQueuedJobs({ rounds: 1 }); // the send's job: the audience is frozen, the batch job written
    const batchJob = await env.DB.prepare("SELECT id FROM jobs WHERE kind = 'newsletter.batch' AND ref = ?")
      .bind(`${sent.body.id}:0`)
      .first<{ id: string }>();
    // The same message twice at once: one run claims it, the other finds it taken.
    await Promise.all([
      deliverJobMessages([{ jobId: batchJob!.id, kind: 'newsletter.batch' }]),
      deliverJobMessages([{ jobId: batchJob!.id, kind: 'newsletter.batch' }]),
    ]);
    // And a rerun after the lease ran out (as if the runner died after the mail server took the batch).
    await env.DB.prepare("UPDATE jobs SET state = 'running', lease_until = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(batchJob!.id)
      .run();
    await deliverJobMessages([{ jobId: batchJob!.id, kind: 'newsletter.batch' }]);
    for (const email of readers) expect(await mailTo(email, { count: 3, timeoutMs: 300 })).toHaveLength(2);
    expect((await sendOf(sent.body.id)).body).toMatchObject({ state: 'sent', recipients: 5, delivered: 5 });
    // One batch for the five: one job, so one message on the queue.
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'newsletter.batch' AND ref LIKE ?")
        .bind(`${sent.body.id}:%`)
        .first(),
    ).toEqual({ n: 1 });
  });

  it('a batch whose run dies part-way repeats, when run again, at most the slice it had not written: not the batch', async () => {
    const letter = await createNewsletter(admin.token);
    const readers = Array.from({ length: 30 }, () => uniqueAddress());
    const imported = await api(`/api/newsletters/${letter.id}/subscribers/import?consent=true`, {
      method: 'POST',
      token: admin.token,
      body: `email\n${readers.join('\n')}\n`,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.body.imported).toBe(30);
    const story = await createStory(author.token, { status: 'published' });
    const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    await runQueuedJobs({ rounds: 1 }); // the audience frozen: one batch of 30

    // The run's isolate dies after the mail server took 25 of the 30 (2 slices written, 5 not).
    const smtp = new SmtpMailer(parseSmtpUrl((env as unknown as { SMTP_URL: string }).SMTP_URL));
    const dying: Mailer = {
      async deliver(mails, onDelivered) {
        await smtp.deliver(mails.slice(0, 25), onDelivered);
        throw new Error('the isolate died');
      },
    };
    const dyingDeps = { ...deps, issueMail: new OutboxNewsletterMail(openOutbox(env as never, dying), deps.clock) };
    await expect(deliverSendBatch(dyingDeps, `${sent.body.id}:0`)).rejects.toThrow('the isolate died');
    expect((await sendOf(sent.body.id)).body).toMatchObject({ state: 'sending', delivered: 2 * SEND_PROGRESS_SLICE });

    await runQueuedJobs(); // the batch's job, run again as the fan-out would
    expect((await sendOf(sent.body.id)).body).toMatchObject({ state: 'sent', recipients: 30, delivered: 30, failed: 0 });
    const counts = (await (await fetch(`${mailServers.catcher}/counts`)).json()) as Record<string, number>;
    const received = readers.map((email) => counts[email] ?? 0);
    expect(received.filter((n) => n === 0)).toHaveLength(0);
    // Repeated: the 5 taken after the last written slice, and nobody else.
    expect(readers.filter((_, i) => received[i]! > 1)).toEqual(readers.slice(20, 25));
    expect(received.every((n) => n <= 2)).toBe(true);
  });

  it('recounts before sending: who left after the send started is not mailed; a refused address counts as failed', async () => {
    const letter = await createNewsletter(admin.token);
    const staying = uniqueAddress();
    const leaving = uniqueAddress();
    const refused = uniqueAddress('bounce');
    for (const email of [staying, leaving]) await confirmedSubscriber(letter.slug, email);
    const importCsv = await api(`/api/newsletters/${letter.id}/subscribers/import?consent=true`, {
      method: 'POST',
      token: admin.token,
      body: `email\n${refused}\n`,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(importCsv.body.imported).toBe(1);
    const story = await createStory(author.token, { status: 'published' });
    const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    await runQueuedJobs({ rounds: 1 });
    await deps.subscriptions.unsubscribe(letter.id, leaving, new Date().toISOString());
    await runQueuedJobs();
    expect((await sendOf(sent.body.id)).body).toMatchObject({ state: 'sent', recipients: 3, delivered: 1, failed: 1 });
    expect(await mailTo(leaving, { count: 2, timeoutMs: 300 })).toHaveLength(1);
    expect(await mailTo(staying, { count: 2 })).toHaveLength(2);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('POST to the header’s address with List-Unsubscribe=One-Click unsubscribes, counted on the send; a GET only shows a button', async () => {
    const letter = await createNewsletter(admin.token);
    const email = uniqueAddress();
    await confirmedSubscriber(letter.slug, email);
    const story = await createStory(author.token, { status: 'published' });
    const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    await runQueuedJobs();
    const [, issue] = await mailTo(email, { count: 2 });
    const url = new URL(issue!.headers['list-unsubscribe']![0]!.slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    const page = await api(path, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain(`Unsubscribe from ${letter.name}?`);
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await deps.subscriptions.find(letter.id, email))!.status).toBe('subscribed');

    const res = await api(path, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await deps.subscriptions.find(letter.id, email))!.status).toBe('unsubscribed');
    expect((await sendOf(sent.body.id)).body.unsubscribed).toBe(1);
    // Again: still 200, counted once.
    expect(
      (
        await api(path, {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(200);
    expect((await sendOf(sent.body.id)).body.unsubscribed).toBe(1);

    const forged = path.replace(/token=[^&]+/, (token) => `${token.slice(0, -2)}AA`);
    expectError(
      await api(forged, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      400,
      'invalid_token',
    );
    expectError(
      await api(path, { method: 'POST', body: 'nothing=here', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
      400,
    );
  });
});

describe('bounces and complaints (Postmark’s webhook)', () => {
  const event = (body: unknown, secret = 'test-webhook-secret') =>
    api('/api/newsletters/events', { method: 'POST', json: body, headers: { Authorization: `Basic ${btoa(`mail:${secret}`)}` } });

  it('a hard bounce or a complaint suppresses the address everywhere and counts on the send that last mailed it, once; a soft bounce does nothing', async () => {
    const [first, second] = [await createNewsletter(admin.token), await createNewsletter(admin.token)];
    const bounced = uniqueAddress('hard');
    const complaining = uniqueAddress('complains');
    const soft = uniqueAddress('soft');
    for (const email of [bounced, complaining, soft]) {
      await confirmedSubscriber(first.slug, email);
      await confirmedSubscriber(second.slug, email);
    }
    const story = await createStory(author.token, { status: 'published' });
    const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: first.slug } });
    await runQueuedJobs();

    expectError(
      await api('/api/newsletters/events', { method: 'POST', json: { RecordType: 'Bounce', Type: 'HardBounce', Email: bounced } }),
      401,
    );
    expectError(await event({ RecordType: 'Bounce', Type: 'HardBounce', Email: bounced }, 'wrong'), 401);
    const hard = { RecordType: 'Bounce', Type: 'HardBounce', Email: bounced.toUpperCase(), MessageID: crypto.randomUUID() };
    expect((await event(hard)).body).toEqual({ suppressed: true });
    expect((await event(hard)).status).toBe(200);
    expect(
      (await event({ RecordType: 'SpamComplaint', Type: 'SpamComplaint', Email: complaining, MessageID: crypto.randomUUID() })).status,
    ).toBe(200);
    expect((await event({ RecordType: 'Bounce', Type: 'SoftBounce', Email: soft, MessageID: crypto.randomUUID() })).body).toEqual({
      suppressed: false,
    });
    expect((await sendOf(sent.body.id)).body).toMatchObject({ bounced: 1, complained: 1 });

    // Suppressed for every newsletter: the next send of the other newsletter skips them.
    const list = await api(`/api/newsletters/${second.id}/subscribers?status=suppressed`, { token: admin.token });
    expect(list.body.subscribers.map((s: any) => s.email).sort()).toEqual([bounced, complaining].sort());
    const next = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: second.slug } });
    await runQueuedJobs();
    expect((await sendOf(next.body.id)).body).toMatchObject({ recipients: 1, delivered: 1 });
    expect(await mailTo(bounced, { count: 4, timeoutMs: 300 })).toHaveLength(3);
    expect(await mailTo(soft, { count: 4 })).toHaveLength(4);
  });
});

describe('a reader who leaves', () => {
  it('takes their address out of past sends; the send keeps its counts', async () => {
    const letter = await createNewsletter(admin.token);
    const email = uniqueAddress();
    const { cookie } = await signInReader(email, [letter.slug]);
    const story = await createStory(author.token, { status: 'published' });
    const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
    await runQueuedJobs();
    const exported = (await asReader(cookie, '/api/readers/me/export')).body;
    expect(exported.sends).toEqual([
      expect.objectContaining({ sendId: sent.body.id, story: story.title, newsletter: letter.slug, status: 'sent' }),
    ]);
    await asReader(cookie, '/api/readers/me', { method: 'DELETE' });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM send_recipients WHERE email = ?').bind(email).first<{ n: number }>()).toEqual({
      n: 0,
    });
    expect((await sendOf(sent.body.id)).body).toMatchObject({ recipients: 1, delivered: 1 });
  });
});

describe('a finished send a month on', () => {
  const event = (body: unknown) =>
    api('/api/newsletters/events', { method: 'POST', json: body, headers: { Authorization: `Basic ${btoa('mail:test-webhook-secret')}` } });
  const recipientRows = async (sendId: number) =>
    (await env.DB.prepare('SELECT count(*) AS n FROM send_recipients WHERE send_id = ?').bind(sendId).first<{ n: number }>())!.n;

  it('keeps its figures and loses its recipient rows to the minute job, a batch at a time; a newer send keeps them', async () => {
    const letter = await createNewsletter(admin.token);
    const readers = [uniqueAddress('kept'), uniqueAddress('kept'), uniqueAddress('kept')];
    for (const email of readers) await confirmedSubscriber(letter.slug, email);
    const sendIds: number[] = [];
    for (const title of ['The bridge reopens', 'The water main bursts']) {
      const story = await createStory(author.token, { status: 'published', title });
      const sent = await api(`/api/stories/${story.id}/send`, { method: 'POST', token: author.token, json: { newsletter: letter.slug } });
      expect(sent.status, sent.text).toBe(202);
      sendIds.push(sent.body.id);
    }
    await runQueuedJobs();
    const [oldId, recentId] = sendIds as [number, number];
    expect((await sendOf(oldId)).body).toMatchObject({ state: 'sent', recipients: 3, delivered: 3 });
    expect(await recipientRows(oldId)).toBe(3);

    const now = new Date().toISOString();
    expect(await forgetOldSendRecipients(deps, now)).toBe(0);
    const finishedAt = '2026-01-01T00:00:00.000Z';
    await env.DB.prepare('UPDATE sends SET finished_at = ? WHERE id = ?').bind(finishedAt, oldId).run();
    const before = (await sendOf(oldId)).body;
    // Three batches of one: one run forgets at most its limit, in whole batches, oldest first.
    await env.DB.prepare(
      'UPDATE send_recipients SET batch = id - (SELECT min(id) FROM send_recipients WHERE send_id = ?1) WHERE send_id = ?1',
    )
      .bind(oldId)
      .run();
    expect(await deps.sends.forgetRecipients('2026-01-02T00:00:00.000Z', 100)).toBe(1);
    expect(await recipientRows(oldId)).toBe(2);
    expect(await forgetOldSendRecipients(deps, now)).toBe(2);
    expect(await recipientRows(oldId)).toBe(0);
    expect(await forgetOldSendRecipients(deps, now)).toBe(0);
    expect((await sendOf(oldId)).body).toEqual(before);
    expect(await recipientRows(recentId)).toBe(3);

    // A late bounce still suppresses the address; it counts on the send that last mailed it, which still knows it.
    expect((await event({ RecordType: 'Bounce', Type: 'HardBounce', Email: readers[0], MessageID: crypto.randomUUID() })).body).toEqual({
      suppressed: true,
    });
    expect((await sendOf(recentId)).body).toMatchObject({ bounced: 1 });
    expect((await sendOf(oldId)).body).toEqual(before);
  });
});

export { rawMail, updateStory };
