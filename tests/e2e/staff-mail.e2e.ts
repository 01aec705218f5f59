import { expect, test } from './support/browser.ts';
import { linkIn, mailTo } from './support/mail.ts';
import { apiLogin, site } from './support/site.ts';
import { createReporterViaApi, uniqueUsername } from './support/staff.ts';

/**
 * "Forgot password?" in Chromium: the login page asks for a link, the local mail server receives it
 * (read by mailparser), and the link sets a new password, once (docs/product/api-sign-in-security.md).
 */
test('"Email me a reset link" mails a one-time link that sets a new password', async ({ page, pageErrors }) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('forgot'));

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const ask = page.getByRole('button', { name: 'Email me a reset link' });
  // Nothing typed yet: the page says what it needs instead of asking the server.
  await ask.click();
  await expect
    .poll(() => page.locator('#password-reset-help [role="status"]').innerText())
    .toBe('Type your email or username above first.');
  await page.getByLabel('Email or Username').fill(reporter.username);
  await ask.click();
  await expect
    .poll(() => page.locator('#password-reset-help [role="status"]').innerText())
    .toContain('If that is a staff account, a reset link is on its way to its address.');

  const [mail] = await mailTo(reporter.email, { timeoutMs: 20_000 });
  expect(mail!.subject).toBe('Reset your The Newsroom password');
  const resetUrl = linkIn(mail!, `${site().baseUrl}/reset-password#token=`);
  expect(resetUrl).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);

  await page.goto(resetUrl);
  await page.getByLabel('New password', { exact: true }).fill('a-mailed-new-password');
  await page.getByLabel('Repeat the new password').fill('a-mailed-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect.poll(() => page.getByText('Your new password is set', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.getByLabel('Email or Username').fill(reporter.email);
  await page.getByLabel('Password', { exact: true }).fill('a-mailed-new-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });

  // The link worked once.
  await page.goto(resetUrl);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
  await page.getByLabel('Repeat the new password').fill('yet-another-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect
    .poll(() => page.getByText('This reset link is used, expired or not valid.', { exact: false }).count(), { timeout: 15_000 })
    .toBe(1);
  expect(pageErrors).toEqual([]);
});
