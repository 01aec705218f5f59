import { describe, expect, it } from 'vitest';
import type { RelyingParty } from '../../domain/security/ports.ts';
import { passkeyRegistrationOptions, passkeySignInOptions, registerPasskey, removePasskey, signInWithPasskey } from './passkeys.ts';
import type { CallerSession } from './reauthentication.ts';
import { FakeSecurity } from './test-fakes.ts';

const rp: RelyingParty = { rpId: 'localhost', origin: 'http://localhost:8787', name: 'The Newsroom' };
const ORIGIN = rp.origin;

function signedIn() {
  const store = new FakeSecurity();
  const user = store.addUser('maya', 'right-password');
  const deps = store.deps();
  const session = (id: number): CallerSession => store.sessionOf(user.id, id);
  return { store, user, deps, session };
}

describe('adding a passkey', () => {
  it('needs the password before the ceremony starts', async () => {
    const { store, user, deps, session } = signedIn();
    await expect(passkeyRegistrationOptions(deps, user, session(1), undefined, rp)).rejects.toMatchObject({
      code: 'reauthentication_required',
    });
    expect(store.challengeRows.size).toBe(0);
  });

  it('stores the passkey, uses the challenge up and ends the user’s other sessions', async () => {
    const { store, user, deps, session } = signedIn();
    const mine = session(1);
    session(2);
    const options = await passkeyRegistrationOptions(deps, user, mine, 'right-password', rp);
    const added = await registerPasskey(
      deps,
      user,
      mine,
      { response: { challenge: options.challenge, ok: true, credentialId: 'cred-1' }, name: 'Laptop' },
      rp,
    );
    expect(added).toMatchObject({ name: 'Laptop' });
    expect(store.liveSessions(user.id).map((s) => s.id)).toEqual([1]);
    expect(store.challengeRows.size).toBe(0);
    await expect(
      registerPasskey(
        deps,
        user,
        mine,
        { response: { challenge: options.challenge, ok: true, credentialId: 'cred-2' }, name: 'Again' },
        rp,
      ),
    ).rejects.toMatchObject({ code: 'challenge_expired' });
  });

  it('removes one only after re-authentication; another user’s is not found', async () => {
    const { store, user, deps, session } = signedIn();
    const mine = session(1);
    const options = await passkeyRegistrationOptions(deps, user, mine, 'right-password', rp);
    const added = await registerPasskey(
      deps,
      user,
      mine,
      { response: { challenge: options.challenge, ok: true, credentialId: 'c' }, name: 'Key' },
      rp,
    );
    expect(store.staffMailSent).toEqual([{ to: user.email, kind: 'passkey_added', link: `${ORIGIN}/login` }]);
    await expect(removePasskey(deps, user, mine, added.id, undefined, ORIGIN)).rejects.toMatchObject({ code: 'reauthentication_required' });
    const other = store.addUser('daniel', 'pw-daniel');
    await expect(
      removePasskey(deps, other, { sessionId: 9, createdAt: store.now, signInMethod: 'password' }, added.id, 'pw-daniel', ORIGIN),
    ).rejects.toMatchObject({ code: 'not_found' });
    await removePasskey(deps, user, mine, added.id, 'right-password', ORIGIN);
    expect(store.passkeyRows).toEqual([]);
    expect(store.staffMailSent.map((m) => m.kind)).toEqual(['passkey_added', 'passkey_removed']);
  });
});

describe('signing in with a passkey', () => {
  it('opens a passkey session (both factors at once), audits a failure without counting it', async () => {
    const { store, user, deps, session } = signedIn();
    const options = await passkeyRegistrationOptions(deps, user, session(1), 'right-password', rp);
    await registerPasskey(
      deps,
      user,
      session(1),
      { response: { challenge: options.challenge, ok: true, credentialId: 'cred' }, name: 'Key' },
      rp,
    );
    const failing = await passkeySignInOptions(deps, rp);
    await expect(
      signInWithPasskey(deps, { credentialId: 'cred', response: { challenge: failing.challenge, ok: false }, userAgent: null }, rp),
    ).rejects.toMatchObject({ code: 'invalid_passkey' });
    expect(store.attempts).toEqual([]);
    expect(store.auditRows.at(-1)).toMatchObject({ action: 'auth.login_failed', detail: { method: 'passkey' } });
    const good = await passkeySignInOptions(deps, rp);
    const { token } = await signInWithPasskey(
      deps,
      { credentialId: 'cred', response: { challenge: good.challenge, ok: true }, userAgent: null },
      rp,
    );
    expect(token).toBeTruthy();
    expect(store.sessionRows.at(-1)).toMatchObject({ method: 'passkey', userId: user.id });
    await expect(
      signInWithPasskey(
        deps,
        { credentialId: 'cred', response: { challenge: good.challenge, ok: true }, userAgent: null },
        { ...rp, rpId: 'other.example' },
      ),
    ).rejects.toMatchObject({ code: 'invalid_passkey' });
  });
});
