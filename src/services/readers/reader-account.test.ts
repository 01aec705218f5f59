import { describe, expect, it } from 'vitest';
import { countingTokens, InMemoryReaders, keptReaderMail, testClock } from './in-memory-readers.test-helper.ts';
import { deleteReader, renameReader, signOutReader } from './reader-account.ts';
import { mailSignInLink, requestReaderSignIn, startReaderSession } from './reader-sign-in.ts';
import { InMemoryMailAllowances, InMemoryMailRequests } from './in-memory-mail.test-helper.ts';

async function signedIn(email = 'reader@example.com') {
  const readers = new InMemoryReaders();
  const requests = new InMemoryMailRequests();
  // No membership: deleting asks Stripe for nothing.
  const members = { state: async (readerId: number) => ({ readerId, subscription: null, comped: false, customerId: null }) };
  const deps = {
    readers,
    readerSignIns: readers,
    tokens: countingTokens(),
    readerMail: keptReaderMail(),
    clock: testClock(),
    members,
    payments: null,
    mailAllowances: new InMemoryMailAllowances(),
    mailRequests: requests,
    jobs: { queue: requests.queue },
    newsletters: { list: async () => [] },
    suppressions: { isSuppressed: async () => false },
  };
  await requestReaderSignIn(deps, { email, newsletters: [], origin: 'https://news.example', browserHash: null });
  await requests.runJobs((ref) => mailSignInLink(deps, ref));
  const token = new URLSearchParams(new URL(deps.readerMail.sent[0]!.link).hash.slice(1)).get('token')!;
  const session = await startReaderSession(deps, token);
  return { deps, ...session, sessionHash: `hash:${session.sessionToken}` };
}

describe('a reader’s account', () => {
  it('renames, and clears the name when it is empty', async () => {
    const { deps, reader } = await signedIn();
    expect((await renameReader(deps, reader, 'Ada Reader')).name).toBe('Ada Reader');
    expect((await renameReader(deps, reader, undefined)).name).toBe(null);
    expect((await renameReader(deps, reader, '')).name).toBe(null);
  });

  it('signs one session out, at once', async () => {
    const { deps, sessionHash } = await signedIn();
    await signOutReader(deps, sessionHash);
    expect(await deps.readers.findBySession(sessionHash, deps.clock.now())).toBe(null);
  });

  it('deletes the reader and every session', async () => {
    const { deps, reader, sessionHash } = await signedIn();
    await deleteReader(deps, reader);
    expect(await deps.readers.findById(reader.id)).toBe(null);
    expect(await deps.readers.findBySession(sessionHash, deps.clock.now())).toBe(null);
  });
});
