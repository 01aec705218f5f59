import { describe, expect, it } from 'vitest';
import { MAIL_ALLOWANCES } from '../../domain/mail/allowance.ts';
import type { Newsletter, Subscription } from '../../domain/newsletters/entities.ts';
import type { NewsletterRepository, SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import type { Reader } from '../../domain/readers/entities.ts';
import { InMemoryMailAllowances, InMemoryMailRequests } from '../readers/in-memory-mail.test-helper.ts';
import { countingTokens, testClock } from '../readers/in-memory-readers.test-helper.ts';
import { mailConfirmation, subscribe } from './subscriptions.ts';

/** Subscribing (decision 082), answered alike for every address and mailed through the fan-out (decision 105, decision 105). */

const letter = (id: number, slug: string): Newsletter => ({ id, slug, name: `Letter ${id}`, isActive: true }) as Newsletter;

function setUp() {
  const letters = [letter(1, 'morning'), letter(2, 'evening')];
  const rows = new Map<string, Subscription>();
  const suppressed = new Set<string>();
  const requests = new InMemoryMailRequests();
  const mailed: { to: string; newsletter: string; link: string }[] = [];
  const clock = testClock();
  const subscriptions = {
    find: async (newsletterId: number, email: string) => rows.get(`${newsletterId} ${email}`) ?? null,
    subscribe: async (input: { newsletterId: number; email: string }) =>
      void rows.set(`${input.newsletterId} ${input.email}`, { status: 'subscribed', email: input.email } as Subscription),
    awaitConfirmation: async (input: { newsletterId: number; email: string }, now: string) =>
      void rows.set(`${input.newsletterId} ${input.email}`, {
        status: 'pending',
        email: input.email,
        confirmationSentAt: now,
      } as Subscription),
  } as unknown as SubscriptionRepository;
  const deps = {
    newsletters: { findBySlug: async (slug: string) => letters.find((l) => l.slug === slug) ?? null } as unknown as NewsletterRepository,
    subscriptions,
    suppressions: { isSuppressed: async (email: string) => suppressed.has(email), suppress: async () => {} },
    mailAllowances: new InMemoryMailAllowances(),
    mailRequests: requests,
    jobs: { queue: requests.queue },
    tokens: countingTokens(),
    newsletterMail: {
      ensureConfigured: () => {},
      confirmation: async ({ to, newsletter, link }: { to: string; newsletter: Newsletter; link: string }) =>
        void mailed.push({ to, newsletter: newsletter.slug, link }),
    },
    clock,
  };
  const ask = (slug: string, email: string, reader: Reader | null = null) =>
    subscribe(deps, { slug, email, reader, origin: 'https://news.example' });
  const runMail = () => requests.runJobs((ref) => mailConfirmation(deps, ref));
  return { deps, rows, suppressed, requests, mailed, clock, ask, runMail };
}

describe('subscribing', () => {
  it('answers before anything is read about the address; the fan-out mails the confirmation', async () => {
    const { ask, runMail, mailed, rows, requests } = setUp();
    expect(await ask('morning', 'ann@example.com')).toEqual({ subscribed: false });
    expect(rows.size).toBe(0);
    expect(mailed).toEqual([]);
    expect(requests.queue.sent).toHaveLength(1);
    await runMail();
    expect(mailed).toEqual([
      {
        to: 'ann@example.com',
        newsletter: 'morning',
        link: 'https://news.example/newsletters/confirm#token=token-1-xxxxxxxxxxxxxxxxxxxxxxxx',
      },
    ]);
    expect(rows.get('1 ann@example.com')?.status).toBe('pending');
    expect(requests.requests.size).toBe(0);
  });

  it('mails nothing to an address subscribed already, suppressed, or mailed a moment ago, and answers each the same', async () => {
    const { ask, runMail, mailed, rows, suppressed, deps } = setUp();
    await deps.subscriptions.subscribe(
      { newsletterId: 1, email: 'sub@example.com', source: 'import', confirmedVia: 'import' },
      '2026-01-01T00:00:00.000Z',
    );
    suppressed.add('bounced@example.com');
    for (const email of ['sub@example.com', 'bounced@example.com', 'twice@example.com', 'twice@example.com'])
      expect(await ask('morning', email)).toEqual({ subscribed: false });
    await runMail();
    expect(mailed.map((mail) => mail.to)).toEqual(['twice@example.com']);
    expect(rows.get('1 sub@example.com')?.status).toBe('subscribed');
  });

  it(`asks for at most ${MAIL_ALLOWANCES['newsletter.confirmation'].limit} confirmations per mailbox an hour, every newsletter together`, async () => {
    const { ask, runMail, mailed, clock } = setUp();
    for (let i = 0; i < 8; i++) await ask(i % 2 ? 'morning' : 'evening', `a.n.n+${i}@gmail.com`);
    await ask('morning', 'someone-else@example.com');
    await runMail();
    expect(mailed.filter((mail) => mail.to.endsWith('@gmail.com'))).toHaveLength(MAIL_ALLOWANCES['newsletter.confirmation'].limit);
    expect(mailed.filter((mail) => mail.to === 'someone-else@example.com')).toHaveLength(1);
    clock.advance(3601);
    await ask('evening', 'ann@googlemail.com');
    await runMail();
    expect(mailed.at(-1)!.to).toBe('ann@googlemail.com');
  });

  it('subscribes a signed-in reader’s own address at once, and mails nothing', async () => {
    const { ask, mailed, rows, requests } = setUp();
    const reader = { id: 1, email: 'me@example.com' } as Reader;
    expect(await ask('evening', 'me@example.com', reader)).toEqual({ subscribed: true });
    expect(rows.get('2 me@example.com')?.status).toBe('subscribed');
    expect(requests.queue.sent).toEqual([]);
    expect(mailed).toEqual([]);
  });
});
