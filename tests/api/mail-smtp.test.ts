import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../src/domain/mail/entities.ts';
import { SmtpMailer } from '../../src/adapters/mail/smtp-mailer.ts';
import { isLoopback, parseSmtpUrl } from '../../src/adapters/mail/smtp-url.ts';
import { mailServers, mailTo, rawMail, uniqueAddress } from './support/mail.ts';

/**
 * The SMTP adapter (decision 080) against real local mail servers (smtp-server, in Node): what it
 * hands over is read back by mailparser and its DKIM signature checked by mailauth, neither of
 * them ours.
 */
const bindings = env as unknown as {
  SMTP_URL: string;
  MAIL_FROM: string;
  DKIM_DOMAIN: string;
  DKIM_SELECTOR: string;
  DKIM_PRIVATE_KEY: string;
};
const dkim = { domain: bindings.DKIM_DOMAIN, selector: bindings.DKIM_SELECTOR, privateKey: bindings.DKIM_PRIVATE_KEY };
const mailer = new SmtpMailer(parseSmtpUrl(bindings.SMTP_URL), dkim);

function mail(to: string, overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    from: { address: bindings.MAIL_FROM, name: 'The "Newsroom" Desk' },
    to: { address: to },
    subject: 'A plain subject',
    text: 'Hello reader.\nSecond line.',
    html: '<p>Hello reader.</p>',
    messageId: `${crypto.randomUUID()}@newsroom.test`,
    date: '2026-03-01T12:34:56.000Z',
    ...overrides,
  };
}

describe('mail over SMTP', () => {
  it('hands over a message that an independent parser reads back whole, DKIM-signed', async () => {
    const to = uniqueAddress();
    const subject = 'Café society — ünïcode 📰 and a subject long enough that it must be split across several encoded words';
    const text = 'Línea uno.\n\nA line with trailing spaces   \n' + 'x'.repeat(300) + '\nThe end.';
    const html = `<p style="color:#c8102e">Ünïcode ✓</p><p>${'y'.repeat(1200)}</p>`;
    const sent = mail(to, {
      subject,
      text,
      html,
      headers: {
        'List-Unsubscribe': '<https://news.example/api/newsletters/unsubscribe?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': 'Daily <daily.news.example>',
      },
    });
    expect(await mailer.deliver([sent])).toEqual([{ status: 'sent' }]);

    const [got] = await mailTo(to);
    expect(got!.subject).toBe(subject);
    expect(got!.from).toEqual([{ address: bindings.MAIL_FROM, name: 'The "Newsroom" Desk' }]);
    expect(got!.to).toEqual([{ address: to, name: '' }]);
    expect(got!.envelope).toEqual({ from: bindings.MAIL_FROM, to: [to] });
    expect(got!.messageId).toBe(`<${sent.messageId}>`);
    expect(got!.date).toBe(sent.date);
    // Quoted-printable keeps every character, trailing spaces included, and the lines that were too long.
    expect(got!.text).toBe(text);
    expect(got!.html).toBe(html);
    expect(got!.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(got!.headers['list-unsubscribe']).toEqual(['<https://news.example/api/newsletters/unsubscribe?token=abc>']);
    expect(got!.headers['list-unsubscribe-post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(got!.dkim).toBe('pass');
    const [signature] = got!.headers['dkim-signature']!;
    expect(signature).toMatch(
      /h=date:from:to:subject:message-id:mime-version:list-unsubscribe:list-unsubscribe-post:list-id:content-type;/,
    );

    // Every line on the wire within 998 characters (RFC 5322), and 7-bit.
    const raw = await rawMail(got!.id);
    expect(Math.max(...raw.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(998);
    expect([...raw].every((char) => char.charCodeAt(0) < 128)).toBe(true);
  });

  it('keeps lines that start with a dot (dot-stuffing), and a text-only message', async () => {
    const to = uniqueAddress();
    const text = '.\n..two dots\n.one dot\nmiddle . dot\n.';
    await mailer.deliver([mail(to, { text, html: null })]);
    const [got] = await mailTo(to);
    // A single-part body ends with the line break every message ends with (the parser keeps it).
    expect(got!.text).toBe(`${text}\n`);
    expect(got!.html).toBe(null);
    expect(got!.contentTypes).toEqual(['text/plain']);
    expect(got!.dkim).toBe('pass');
  });

  it('hands many messages over one connection, and says which the server refused for good or for now', async () => {
    const ok = Array.from({ length: 12 }, () => uniqueAddress());
    const refused = uniqueAddress('bounce');
    const busy = uniqueAddress('busy');
    const outcomes = await mailer.deliver([...ok.slice(0, 6), refused, busy, ...ok.slice(6)].map((to) => mail(to)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([...Array(6).fill('sent'), 'rejected', 'deferred', ...Array(6).fill('sent')]);
    expect(outcomes[6]).toMatchObject({ reason: expect.stringContaining('550') });
    expect(outcomes[7]).toMatchObject({ reason: expect.stringContaining('451') });
    for (const to of ok) expect(await mailTo(to)).toHaveLength(1);
  });

  it('tells each outcome as the server answers, before the next message; a throw there ends the conversation', async () => {
    const to = Array.from({ length: 4 }, () => uniqueAddress());
    const told: [number, string, number][] = [];
    const outcomes = await mailer.deliver(
      [to[0]!, uniqueAddress('bounce'), to[1]!].map((address) => mail(address)),
      async (index, outcome) => {
        told.push([index, outcome.status, (await mailTo(to[0]!, { timeoutMs: 2000 })).length]);
      },
    );
    // Each was told once, in order, after the server had taken that message.
    expect(told).toEqual([
      [0, 'sent', 1],
      [1, 'rejected', 1],
      [2, 'sent', 1],
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['sent', 'rejected', 'sent']);

    let tellings = 0;
    const stopping = mailer.deliver(
      [to[2]!, to[3]!].map((address) => mail(address)),
      () => {
        tellings += 1;
        throw new Error('the recorder failed');
      },
    );
    await expect(stopping).rejects.toThrow('the recorder failed');
    expect(tellings).toBe(1);
    expect(await mailTo(to[2]!)).toHaveLength(1);
    expect(await mailTo(to[3]!, { timeoutMs: 500 })).toHaveLength(0);
  });

  it('signs with a PKCS#1 key as well', async () => {
    const to = uniqueAddress();
    await new SmtpMailer(parseSmtpUrl(bindings.SMTP_URL), { ...dkim, privateKey: mailServers.dkimPkcs1 }).deliver([mail(to)]);
    expect((await mailTo(to))[0]!.dkim).toBe('pass');
  });

  it('signs in with AUTH LOGIN, the URL’s escaped user and password intact', async () => {
    const to = uniqueAddress();
    const url = `smtp://mailer:${encodeURIComponent('p@ss w:rd/1')}@127.0.0.1:${mailServers.auth.smtpPort}`;
    expect(await new SmtpMailer(parseSmtpUrl(url)).deliver([mail(to)])).toEqual([{ status: 'sent' }]);
    const [got] = await mailTo(to, { catcher: mailServers.auth.catcher });
    expect(got!.user).toBe('mailer');

    const wrong = `smtp://mailer:nope@127.0.0.1:${mailServers.auth.smtpPort}`;
    await expect(new SmtpMailer(parseSmtpUrl(wrong)).deliver([mail(uniqueAddress())])).rejects.toThrow(/refused our sign-in: 535/);
  });

  it('never falls back to the clear when STARTTLS fails (an untrusted certificate): no password is sent', async () => {
    const url = `smtp://mailer:${encodeURIComponent('p@ss w:rd/1')}@127.0.0.1:${mailServers.tls.smtpPort}`;
    await expect(new SmtpMailer(parseSmtpUrl(url)).deliver([mail(uniqueAddress())])).rejects.toThrow();
    const attempts = (await (await fetch(`${mailServers.tls.catcher}/auth-attempts`)).json()) as unknown[];
    expect(attempts).toEqual([]);
  });

  it('gives up at once on a server that hangs up, rather than waiting or spinning', async () => {
    const started = Date.now();
    await expect(
      new SmtpMailer(parseSmtpUrl(`smtp://127.0.0.1:${mailServers.hangUpPort}`)).deliver([mail(uniqueAddress())]),
    ).rejects.toThrow(/closed the connection|Lost the mail server/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('cannot reach a closed port: the whole call fails', async () => {
    await expect(new SmtpMailer(parseSmtpUrl('smtp://127.0.0.1:1')).deliver([mail(uniqueAddress())])).rejects.toThrow(/Cannot reach/);
  });
});

describe('SMTP_URL', () => {
  it('reads user, password, host, port and TLS', () => {
    expect(parseSmtpUrl('smtps://apikey:s%40cret@smtp.example.com')).toEqual({
      host: 'smtp.example.com',
      port: 465,
      implicitTls: true,
      credentials: { user: 'apikey', pass: 's@cret' },
    });
    expect(parseSmtpUrl('smtp://relay.example.com')).toEqual({
      host: 'relay.example.com',
      port: 587,
      implicitTls: false,
      credentials: null,
    });
    expect(parseSmtpUrl('smtp://[::1]:2525').host).toBe('::1');
    for (const bad of ['', 'http://x', 'smtp://', 'not a url']) expect(() => parseSmtpUrl(bad), bad).toThrow(/SMTP_URL/);
  });

  it('knows this machine from the rest (a password travels in the clear only to it)', () => {
    for (const host of ['127.0.0.1', '127.9.9.9', 'localhost', '::1']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['10.0.0.1', 'smtp.example.com', '128.0.0.1', 'localhost.example.com']) expect(isLoopback(host), host).toBe(false);
  });
});
