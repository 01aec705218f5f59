import { beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_LINKS_PER_ADDRESS } from '../../domain/readers/rules.ts';
import { countingTokens, InMemoryReaders, keptReaderMail, testClock } from './in-memory-readers.test-helper.ts';
import { requestReaderSignIn, signInLinkUrl, startReaderSession } from './reader-sign-in.ts';

const origin = 'https://news.example';

describe('reader sign-in by link', () => {
  let store: InMemoryReaders;
  let deps: ReturnType<typeof makeDeps>;
  const makeDeps = () => {
    const clock = testClock();
    return { readerSignIns: store, tokens: countingTokens(), readerMail: keptReaderMail(), clock };
  };
  beforeEach(() => {
    store = new InMemoryReaders();
    deps = makeDeps();
  });

  const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

  it('mails a link to the sign-in page that works once, keeping only its hash', async () => {
    await requestReaderSignIn(deps, { email: 'reader@example.com', newsletters: ['daily', 'daily'], next: '/story/x', origin });
    const [mail] = deps.readerMail.sent;
    expect(mail!.to).toBe('reader@example.com');
    expect(mail!.link).toBe(signInLinkUrl(origin, 'token-1-xxxxxxxxxxxxxxxxxxxxxxxx', '/story/x'));
    expect(mail!.link.startsWith(`${origin}/account/signin#token=`)).toBe(true);
    expect([...store.links.keys()]).toEqual(['hash:token-1-xxxxxxxxxxxxxxxxxxxxxxxx']);
    expect(store.links.values().next().value!.newsletters).toEqual(['daily']);

    const first = await startReaderSession(deps, tokenOf(mail!.link));
    expect(first.reader).toMatchObject({ email: 'reader@example.com' });
    expect(store.joined.get(first.reader.id)).toEqual(['daily']);
    expect(await store.findBySession(`hash:${first.sessionToken}`, deps.clock.now())).toEqual(first.reader);
    await expect(startReaderSession(deps, tokenOf(mail!.link))).rejects.toMatchObject({ code: 'invalid_token' });
  });

  it('refuses a link after 15 minutes', async () => {
    await requestReaderSignIn(deps, { email: 'late@example.com', newsletters: [], origin });
    deps.clock.advance(15 * 60);
    await expect(startReaderSession(deps, tokenOf(deps.readerMail.sent[0]!.link))).rejects.toMatchObject({ code: 'invalid_token' });
    expect(store.readers.size).toBe(0);
  });

  it('signs a returning reader into the same account', async () => {
    await requestReaderSignIn(deps, { email: 'back@example.com', newsletters: [], origin });
    await requestReaderSignIn(deps, { email: 'back@example.com', newsletters: [], origin });
    const [a, b] = deps.readerMail.sent;
    const first = await startReaderSession(deps, tokenOf(a!.link));
    const second = await startReaderSession(deps, tokenOf(b!.link));
    expect(second.reader.id).toBe(first.reader.id);
    expect(second.sessionToken).not.toBe(first.sessionToken);
  });

  it(`mails one address at most ${SIGN_IN_LINKS_PER_ADDRESS} links in a link's lifetime, then again after it`, async () => {
    for (let i = 0; i < SIGN_IN_LINKS_PER_ADDRESS + 3; i++)
      await requestReaderSignIn(deps, { email: 'flooded@example.com', newsletters: [], origin });
    await requestReaderSignIn(deps, { email: 'other@example.com', newsletters: [], origin });
    expect(deps.readerMail.sent.filter((mail) => mail.to === 'flooded@example.com')).toHaveLength(SIGN_IN_LINKS_PER_ADDRESS);
    expect(deps.readerMail.sent.filter((mail) => mail.to === 'other@example.com')).toHaveLength(1);
    deps.clock.advance(15 * 60 + 1);
    await requestReaderSignIn(deps, { email: 'flooded@example.com', newsletters: [], origin });
    expect(deps.readerMail.sent.filter((mail) => mail.to === 'flooded@example.com')).toHaveLength(SIGN_IN_LINKS_PER_ADDRESS + 1);
  });
});
