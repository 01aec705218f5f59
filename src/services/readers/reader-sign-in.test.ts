import { beforeEach, describe, expect, it } from 'vitest';
import { MAIL_ALLOWANCES } from '../../domain/mail/allowance.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import { InMemoryMailAllowances, InMemoryMailRequests } from './in-memory-mail.test-helper.ts';
import { countingTokens, InMemoryReaders, keptReaderMail, testClock } from './in-memory-readers.test-helper.ts';
import { checkSignInLink, mailSignInLink, requestReaderSignIn, signInLinkUrl, startReaderSession } from './reader-sign-in.ts';

const origin = 'https://news.example';
const CAP = MAIL_ALLOWANCES['reader.sign_in'].limit;

const daily = { id: 1, slug: 'daily', name: 'The Daily', isActive: true } as Newsletter;

describe('reader sign-in by link', () => {
  let store: InMemoryReaders;
  let deps: ReturnType<typeof makeDeps>;
  const makeDeps = () => {
    const requests = new InMemoryMailRequests();
    const suppressed = new Set<string>();
    return {
      readerSignIns: store,
      tokens: countingTokens(),
      readerMail: keptReaderMail(),
      clock: testClock(),
      mailAllowances: new InMemoryMailAllowances(),
      mailRequests: requests,
      jobs: { queue: requests.queue },
      newsletters: { list: async () => [daily] },
      suppressions: { isSuppressed: async (email: string) => suppressed.has(email) },
      suppressed,
    };
  };
  beforeEach(() => {
    store = new InMemoryReaders();
    deps = makeDeps();
  });

  const ask = (email: string, more: { newsletters?: string[]; next?: string; browserHash?: string | null } = {}) =>
    requestReaderSignIn(deps, {
      email,
      newsletters: more.newsletters ?? [],
      next: more.next,
      origin,
      browserHash: more.browserHash ?? null,
    });
  /** The fan-out's turn: what was asked for is mailed. */
  const mailQueued = () => deps.mailRequests.runJobs((ref) => mailSignInLink(deps, ref));
  const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

  it('answers before anything is mailed; the fan-out mails a link that works once, keeping only its hash', async () => {
    await ask('reader@example.com', { newsletters: ['daily', 'daily'], next: '/story/x' });
    expect(deps.readerMail.sent).toEqual([]);
    expect(deps.mailRequests.queue.sent).toHaveLength(1);
    await mailQueued();
    const [mail] = deps.readerMail.sent;
    expect(mail!.to).toBe('reader@example.com');
    expect(mail!.link).toBe(signInLinkUrl(origin, 'token-1-xxxxxxxxxxxxxxxxxxxxxxxx', '/story/x'));
    expect(mail!.newsletters).toEqual(['The Daily']);
    expect([...store.links.keys()]).toEqual(['hash:token-1-xxxxxxxxxxxxxxxxxxxxxxxx']);
    expect(store.links.values().next().value!.newsletters).toEqual(['daily']);
    expect(deps.mailRequests.requests.size).toBe(0);

    const first = await startReaderSession(deps, tokenOf(mail!.link));
    expect(first.reader).toMatchObject({ email: 'reader@example.com' });
    expect(store.joined.get(first.reader.id)).toEqual(['daily']);
    expect(await store.findBySession(`hash:${first.sessionToken}`, deps.clock.now())).toEqual(first.reader);
    await expect(startReaderSession(deps, tokenOf(mail!.link))).rejects.toMatchObject({ code: 'invalid_token' });
  });

  it('names only newsletters that exist and are active, and joins only those (decision 105)', async () => {
    await ask('picky@example.com', { newsletters: ['daily', 'closed-one'] });
    await mailQueued();
    expect(deps.readerMail.sent[0]!.newsletters).toEqual(['The Daily']);
    expect(store.links.values().next().value!.newsletters).toEqual(['daily']);
  });

  it('mails nothing to a suppressed address (decision 105)', async () => {
    deps.suppressed.add('bounced@example.com');
    await ask('bounced@example.com');
    await mailQueued();
    expect(deps.readerMail.sent).toEqual([]);
    expect(store.links.size).toBe(0);
  });

  it('refuses a link after 15 minutes', async () => {
    await ask('late@example.com');
    await mailQueued();
    deps.clock.advance(15 * 60);
    await expect(startReaderSession(deps, tokenOf(deps.readerMail.sent[0]!.link))).rejects.toMatchObject({ code: 'invalid_token' });
    expect(store.readers.size).toBe(0);
  });

  it('signs a returning reader into the same account', async () => {
    await ask('back@example.com');
    await ask('back@example.com');
    await mailQueued();
    const [a, b] = deps.readerMail.sent;
    const first = await startReaderSession(deps, tokenOf(a!.link));
    const second = await startReaderSession(deps, tokenOf(b!.link));
    expect(second.reader.id).toBe(first.reader.id);
    expect(second.sessionToken).not.toBe(first.sessionToken);
  });

  it(`asks for at most ${CAP} links per mailbox in a link's lifetime, however the address is written, then again after it (decision 105)`, async () => {
    for (let i = 0; i < CAP + 3; i++) await ask(`flooded+${i}@example.com`);
    await ask('other@example.com');
    await mailQueued();
    expect(deps.readerMail.sent.filter((mail) => mail.to.startsWith('flooded+'))).toHaveLength(CAP);
    expect(deps.readerMail.sent.filter((mail) => mail.to === 'other@example.com')).toHaveLength(1);
    deps.clock.advance(15 * 60 + 1);
    await ask('flooded@example.com');
    await mailQueued();
    expect(deps.readerMail.sent.filter((mail) => mail.to.startsWith('flooded'))).toHaveLength(CAP + 1);
  });

  it('tells whose account a link opens, and whether this browser asked for it, without using it (decision 105)', async () => {
    await ask('owner@example.com', { newsletters: ['daily'], browserHash: 'a'.repeat(64) });
    await mailQueued();
    const token = tokenOf(deps.readerMail.sent[0]!.link);
    expect(await checkSignInLink(deps, token, null)).toEqual({
      email: 'owner@example.com',
      newsletters: [{ slug: 'daily', name: 'The Daily' }],
      thisBrowser: false,
    });
    expect((await checkSignInLink(deps, token, 'b'.repeat(64))).thisBrowser).toBe(false);
    expect((await checkSignInLink(deps, token, 'a'.repeat(64))).thisBrowser).toBe(true);
    await startReaderSession(deps, token);
    await expect(checkSignInLink(deps, token, 'a'.repeat(64))).rejects.toMatchObject({ code: 'invalid_token' });
  });
});
