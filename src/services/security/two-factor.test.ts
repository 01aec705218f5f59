import { describe, expect, it } from 'vitest';
import type { SignInMethod } from '../../domain/security/ports.ts';
import type { CallerSession } from './reauthentication.ts';
import { FakeSecurity, GOOD_CODE, GOOD_STEP } from './test-fakes.ts';
import { confirmTotp, removeTotp, startTotpSetup } from './two-factor.ts';

const ORIGIN = 'http://newsroom.test';

function signedIn(signInMethod: CallerSession['signInMethod'] = 'password') {
  const store = new FakeSecurity();
  const user = store.addUser('maya', 'right-password');
  const deps = store.deps();
  const session = (id: number, method: SignInMethod = signInMethod ?? 'password'): CallerSession => store.sessionOf(user.id, id, method);
  return { store, user, deps, session };
}

describe('setting up an authenticator app', () => {
  it('needs the password: 401 reauthentication_required without it, invalid_credentials (counted) for a wrong one', async () => {
    const { store, user, deps, session } = signedIn();
    const mine = session(1);
    await expect(startTotpSetup(deps, user, mine, undefined)).rejects.toMatchObject({ code: 'reauthentication_required' });
    await expect(startTotpSetup(deps, user, mine, '')).rejects.toMatchObject({ code: 'reauthentication_required' });
    await expect(startTotpSetup(deps, user, mine, 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(store.attempts).toEqual([{ key: `account:${user.id}`, at: store.now }]);
    expect(store.totpRows.size).toBe(0);
    expect(await startTotpSetup(deps, user, mine, 'right-password')).toEqual({
      secret: 'BASE32SECRET',
      otpauthUrl: 'otpauth://totp/Newsroom:maya?secret=BASE32SECRET',
    });
    expect(store.totpRows.get(user.id)).toEqual({ secretEncrypted: `sealed:${user.id}:BASE32SECRET`, confirmed: false, lastStep: null });
  });

  it('takes a passkey sign-in of the last five minutes instead of the password, not an older one', async () => {
    const { store, user, deps, session } = signedIn('passkey');
    const fresh = session(1);
    store.advance(5 * 60);
    await expect(startTotpSetup(deps, user, fresh, undefined)).resolves.toMatchObject({ secret: 'BASE32SECRET' });
    store.advance(1);
    await expect(startTotpSetup(deps, user, fresh, undefined)).rejects.toMatchObject({ code: 'reauthentication_required' });
    await expect(startTotpSetup(deps, user, session(2, 'password+totp'), undefined)).rejects.toMatchObject({
      code: 'reauthentication_required',
    });
  });

  it('turns on with a code, gives ten recovery codes, and ends every other session of the user', async () => {
    const { store, user, deps, session } = signedIn();
    const mine = session(1);
    session(2);
    session(3);
    await startTotpSetup(deps, user, mine, 'right-password');
    await expect(confirmTotp(deps, user, mine, '000000', ORIGIN)).rejects.toMatchObject({ code: 'invalid_code' });
    expect(store.liveSessions(user.id)).toHaveLength(3);
    const { recoveryCodes } = await confirmTotp(deps, user, mine, GOOD_CODE, ORIGIN);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(store.totpRows.get(user.id)).toMatchObject({ confirmed: true, lastStep: GOOD_STEP });
    expect(store.liveSessions(user.id).map((s) => s.id)).toEqual([1]);
    expect(store.auditRows.map((e) => e.action)).toEqual(['auth.totp_enabled']);
    // The user is told, once, at their own address.
    expect(store.staffMailSent).toEqual([{ to: user.email, kind: 'totp_enabled', link: `${ORIGIN}/login` }]);
    await expect(confirmTotp(deps, user, mine, GOOD_CODE, ORIGIN)).rejects.toMatchObject({ code: 'no_totp_setup' });
  });

  it('removes the app only after re-authentication', async () => {
    const { store, user, deps, session } = signedIn();
    const mine = session(1);
    await startTotpSetup(deps, user, mine, 'right-password');
    await confirmTotp(deps, user, mine, GOOD_CODE, ORIGIN);
    await expect(removeTotp(deps, user, mine, undefined, ORIGIN)).rejects.toMatchObject({ code: 'reauthentication_required' });
    expect(store.totpRows.get(user.id)?.confirmed).toBe(true);
    await removeTotp(deps, user, mine, 'right-password', ORIGIN);
    expect(store.totpRows.has(user.id)).toBe(false);
    expect(store.staffMailSent.map((m) => m.kind)).toEqual(['totp_enabled', 'totp_disabled']);
    await expect(removeTotp(deps, user, mine, 'right-password', ORIGIN)).rejects.toMatchObject({ code: 'not_found' });
  });
});
