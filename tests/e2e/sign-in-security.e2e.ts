import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { totpCode, TOTP_PERIOD_SECONDS } from '../../src/adapters/crypto/totp.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';
import { createReporterViaApi, logInThroughForm, signInAs, uniqueUsername } from './support/staff.ts';

/**
 * Staff sign-in security in Chromium (docs/product/api-sign-in-security.md): an authenticator app set
 * up from the QR screen's key and used to sign in; a passkey added and used through Chromium's
 * virtual authenticator; "Sign out everywhere else"; an admin's reset link used by the reporter;
 * and the admin's Audit tab showing what they did.
 */

const SHOTS = process.env.SECURITY_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The code of a step from now (0: the current one). */
const codeFor = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * TOTP_PERIOD_SECONDS * 1000);

/** Passkeys need the site's name: browsers refuse an IP address as the relying party. */
const onLocalhost = (path: string) => `${site().baseUrl.replace('127.0.0.1', 'localhost')}${path}`;

async function signedInTo(page: Page, path: string) {
  await page.waitForURL(`**${path}`, { timeout: 15_000 });
}

describe.sequential('sign-in security', () => {
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await apiLogin(site().admin);
  });

  test('a reporter sets up an authenticator app from the QR screen’s key, then signs in with its code', async ({ page, pageErrors }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('totp'));
    await logInThroughForm(page, reporter);
    await signedInTo(page, '/dashboard');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    // Adding a factor asks for the password first (decision 050).
    const confirmPassword = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await confirmPassword.getByLabel('Your password').fill(reporter.password);
    await shot(page, '00-totp-setup-asks-password');
    await confirmPassword.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).count(), { timeout: 15_000 }).toBe(1);
    const secret = (await page.locator('.totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, '01-totp-setup-qr');
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('region', { name: 'Recovery codes' });
    await expect.poll(() => codes.getByRole('listitem').count(), { timeout: 15_000 }).toBe(10);
    await shot(page, '02-totp-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByText('10 of 10 recovery codes left.').count()).toBe(1);

    // Signing in again: the password, then the code (the next step's: the current one was just used).
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await logInThroughForm(page, reporter);
    await expect.poll(() => page.getByRole('heading', { name: 'Two-step verification' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Authentication code').fill('000000' === codeFor(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText('That code is not valid.', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, '03-totp-sign-in-wrong-code');
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedInTo(page, '/dashboard');
    expect(pageErrors).toEqual([]);
  });

  test('a reporter adds a passkey with Chromium’s virtual authenticator, then signs in with it and no password', async ({
    page,
    context,
    pageErrors,
  }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('passkey'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(onLocalhost('/login'));
    await page.getByLabel('Email or Username').fill(reporter.email);
    await page.getByLabel('Password', { exact: true }).fill(reporter.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signedInTo(page, '/dashboard');
    await page.goto(onLocalhost('/profile'));
    await page.getByLabel('Passkey name').fill('Newsroom laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const confirmPassword = page.getByRole('dialog', { name: 'Add a passkey' });
    await confirmPassword.getByLabel('Your password').fill(reporter.password);
    await confirmPassword.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Newsroom laptop', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
    await shot(page, '04-passkey-added');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(onLocalhost('/login'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await signedInTo(page, '/dashboard');
    await expect.poll(() => page.getByRole('link', { name: `Your profile (${reporter.username})` }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test('"Sign out everywhere else" ends the reporter’s other sessions and keeps this one', async ({ page, pageErrors }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('sessions'));
    const phone = await apiLogin(reporter);
    await logInThroughForm(page, reporter);
    await signedInTo(page, '/dashboard');
    await page.goto('/profile');
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => sessions.filter({ hasText: 'This device' }).filter({ hasText: 'Chrome on Linux' }).count()).toBe(1);
    await shot(page, '05-sessions');
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBe(1);
    expect((await apiCall('/api/auth/me', { token: phone })).status).toBe(401);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Your profile' }).count(), { timeout: 15_000 }).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test('an admin the policy covers is taken to set a second factor up, can do nothing else, and keeps the recovery codes on screen', async ({
    page,
    pageErrors,
  }) => {
    const newcomer: E2eAccount = {
      username: uniqueUsername('newadmin'),
      email: '',
      password: 'newcomer-admin-pw',
      firstName: null,
      lastName: null,
    };
    newcomer.email = `${newcomer.username}@example.com`;
    const created = await apiCall('/api/auth/register', {
      method: 'POST',
      token: adminToken,
      json: { username: newcomer.username, email: newcomer.email, password: newcomer.password, role: 'admin' },
    });
    expect(created.status).toBe(201);
    expect(
      (await apiCall('/api/settings/security', { method: 'PUT', token: adminToken, json: { requireTwoFactor: 'admins' } })).status,
    ).toBe(200);
    try {
      await logInThroughForm(page, newcomer);
      await signedInTo(page, '/profile');
      await expect
        .poll(() => page.getByText('Your newsroom requires a second factor.', { exact: false }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByLabel('First name').count()).toBe(0);
      await shot(page, '10-policy-blocks-admin');
      // Nothing else opens: the dashboard and the admin screen lead back here.
      await page.goto('/dashboard');
      await signedInTo(page, '/profile');
      await page.goto('/admin');
      await signedInTo(page, '/profile');

      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const confirmPassword = page.getByRole('dialog', { name: 'Set up an authenticator app' });
      await confirmPassword.getByLabel('Your password').fill(newcomer.password);
      await confirmPassword.getByRole('button', { name: 'Continue' }).click();
      const secret = (await page.locator('.totp-secret').innerText({ timeout: 15_000 })).replace(/\s/g, '');
      await page.getByLabel('Code from the app').fill(codeFor(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      // Unblocked, the page grows the name and bio form; the one-time codes stay on screen.
      await expect.poll(() => page.getByLabel('First name').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.goto('/admin');
      await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).count(), { timeout: 15_000 }).toBe(1);
    } finally {
      // Put the site back for the other journeys, as the newcomer (the site's admin is blocked now).
      const token = await page.evaluate(() => localStorage.getItem('auth_token'));
      const restore = await apiCall('/api/settings/security', {
        method: 'PUT',
        token: token ?? undefined,
        json: { requireTwoFactor: 'none' },
      });
      if (restore.status !== 200) {
        const fresh = await apiLogin(newcomer);
        const setup = await apiCall<{ secret: string }>('/api/auth/2fa/totp/setup', {
          method: 'POST',
          token: fresh,
          json: { password: newcomer.password },
        });
        await apiCall('/api/auth/2fa/totp/confirm', { method: 'POST', token: fresh, json: { code: codeFor(setup.body.secret) } });
        expect((await apiCall('/api/settings/security', { method: 'PUT', token: fresh, json: { requireTwoFactor: 'none' } })).status).toBe(
          200,
        );
      }
    }
    expect(pageErrors).toEqual([]);
  });

  test('an admin makes a reset link, the reporter sets a new password with it, and the Audit tab shows both', async ({
    page,
    browser,
    pageErrors,
  }) => {
    const reporter: E2eAccount = await createReporterViaApi(adminToken, uniqueUsername('reset'));
    await signInAs(page, site().admin);
    await page.goto('/admin');
    await page.getByRole('button', { name: `Reset password of ${reporter.username}` }).click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: `Reset the password of ${reporter.username}` });
    await dialog.getByRole('button', { name: 'Make reset link' }).click();
    const link = dialog.getByLabel('Reset link');
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    const resetUrl = await link.innerText();
    expect(resetUrl).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    await shot(page, '06-admin-reset-link');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The reporter, in a browser of their own, opens the link.
    const theirs = await browser.newContext({ baseURL: site().baseUrl });
    const reporterPage = await theirs.newPage();
    await reporterPage.goto(resetUrl);
    await reporterPage.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await reporterPage.getByLabel('Repeat the new password').fill('a-brand-new-password');
    await reporterPage.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => reporterPage.getByText('Your new password is set', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    await shot(reporterPage, '07-reset-done');
    await reporterPage.getByRole('link', { name: 'Go to Login' }).click();
    await reporterPage.getByLabel('Email or Username').fill(reporter.email);
    await reporterPage.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await reporterPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await reporterPage.waitForURL('**/dashboard', { timeout: 15_000 });
    // The link worked once.
    await reporterPage.goto(resetUrl);
    await reporterPage.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await reporterPage.getByLabel('Repeat the new password').fill('yet-another-password');
    await reporterPage.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => reporterPage.getByText('This reset link is used, expired or not valid.', { exact: false }).count(), { timeout: 15_000 })
      .toBe(1);
    await theirs.close();

    // The admin's Audit tab, filtered to the reporter: the reset, then the sign-in, newest first, in plain words.
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.getByLabel('Person').selectOption({ label: reporter.username });
    const rows = page.locator('.audit-table tbody tr');
    await expect
      .poll(async () => (await rows.allInnerTexts()).map((text) => text.split('\t')[2]), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['Signed in', 'Password reset']));
    const actions = (await rows.allInnerTexts()).map((text) => text.split('\t')[2]);
    expect(actions.indexOf('Signed in')).toBeLessThan(actions.indexOf('Password reset'));
    await shot(page, '08-audit-by-person');
    await page.getByLabel('Person').selectOption({ label: 'Everyone' });
    await page.getByLabel('Action').selectOption('auth.password_reset_link_created');
    await expect.poll(async () => (await rows.first().innerText()).includes(reporter.username), { timeout: 15_000 }).toBe(true);
    expect(await rows.first().innerText()).toContain(site().admin.username);
    await shot(page, '09-audit-by-action');
    expect(pageErrors).toEqual([]);
  });
});
