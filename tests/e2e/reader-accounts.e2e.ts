import type { Page } from 'playwright-core';
import { expect, test } from './support/browser.ts';
import { linkIn, mailTo, uniqueAddress } from './support/mail.ts';
import { site } from './support/site.ts';

/** A reader signs in with a link from their mail, is greeted on every page, and leaves (docs/product/api-readers.md). */

/** Asks for a link on the account page and returns it, as read from the mail the site sent. */
async function askForLink(page: Page, email: string): Promise<string> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect.poll(() => page.locator('.reader-sign-in-form .form-status').textContent()).toContain(`we sent a sign-in link to ${email}`);
  const [mail] = await mailTo(email);
  expect(mail!.subject).toBe('Sign in to The Newsroom');
  return linkIn(mail!, `${site().baseUrl}/account/signin#token=`);
}

async function followLink(page: Page, link: string, email: string): Promise<void> {
  await page.goto(link);
  await page.waitForURL('**/account');
  await expect.poll(() => page.locator('.reader-email').textContent(), { timeout: 10_000 }).toBe(email);
}

test('a reader signs in by link from the header, and is recognised on the cached pages', async ({ page, pageErrors }) => {
  const email = uniqueAddress();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await followLink(page, await askForLink(page, email), email);
  // The token left the address bar; the session cookie is HttpOnly, SameSite=Lax.
  expect(page.url()).toBe(`${site().baseUrl}/account`);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'reader_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  await page.getByLabel('Your name').fill('Ada Reader');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect.poll(() => page.locator('.account-name-form .form-status').textContent(), { timeout: 10_000 }).toBe('Saved.');

  // Every reader page is the same cached page for everyone; the reader corner greets them.
  await page.goto('/');
  await expect.poll(() => page.locator('.header-reader a').textContent(), { timeout: 10_000 }).toBe('Ada Reader');
  expect(pageErrors).toEqual([]);
});

test('a link works once; signing out ends the session', async ({ page, pageErrors }) => {
  const email = uniqueAddress();
  await page.goto('/account');
  const link = await askForLink(page, email);
  await followLink(page, link, email);

  await page.goto(link);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('This link did not work');

  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${site().baseUrl}/`);
  await expect.poll(() => page.locator('.header-reader a').textContent()).toBe('Sign in');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('reader_session');
  expect(pageErrors).toEqual([]);
});

test('a reader downloads their data and deletes their account', async ({ page, pageErrors }) => {
  const email = uniqueAddress();
  await page.goto('/account');
  await followLink(page, await askForLink(page, email), email);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toBe('my-newsroom-data.json');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('button', { name: 'Yes, delete it for good' }).click();
  await page.waitForURL(`${site().baseUrl}/`);
  expect(await page.evaluate(async () => (await fetch('/api/readers/me')).status)).toBe(401);
  expect(pageErrors).toEqual([]);
});

test('a malformed address is refused in place, and nothing is mailed', async ({ page }) => {
  await page.goto('/account');
  await page.getByLabel('Email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect.poll(() => page.locator('.field-error').textContent()).toBe('Enter a valid email address');
  await expect.poll(() => page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
});
