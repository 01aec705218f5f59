import { expect, test } from './support/browser.ts';
import { linkIn, mailTo, uniqueAddress } from './support/mail.ts';
import { site } from './support/site.ts';

/** A reader signs in with a link from their mail, is greeted on every page, and leaves (docs/product/api.md, "Readers and newsletters"). */

test('a reader signs in by link, is recognised on the cached pages, renames themself and signs out', async ({ page, pageErrors }) => {
  const email = uniqueAddress();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect.poll(() => page.getByRole('status').first().textContent()).toContain(`we sent a sign-in link to ${email}`);

  const [mail] = await mailTo(email);
  expect(mail!.subject).toBe('Sign in to The Newsroom');
  const link = linkIn(mail!, `${site().baseUrl}/account/signin#token=`);
  await page.goto(link);
  await page.waitForURL('**/account');
  // The token left the address bar, and the account shows.
  expect(page.url()).toBe(`${site().baseUrl}/account`);
  await expect.poll(() => page.locator('.reader-email').textContent()).toBe(email);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'reader_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  await page.getByLabel('Your name').fill('Ada Reader');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect.poll(() => page.locator('.account-name-form .form-status').textContent()).toBe('Saved.');

  // Every reader page is the same cached page for everyone; the reader corner greets them.
  await page.goto('/');
  await expect.poll(() => page.locator('.header-reader a').textContent()).toBe('Ada Reader');

  // The link works once.
  await page.goto(link);
  await expect.poll(() => page.locator('h1').textContent()).toBe('This link did not work');

  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${site().baseUrl}/`);
  await expect.poll(() => page.locator('.header-reader a').textContent()).toBe('Sign in');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('reader_session');
  expect(pageErrors).toEqual([]);
});

test('a reader deletes their account, and signing in again starts a new one', async ({ page, pageErrors }) => {
  const email = uniqueAddress();
  await page.goto('/account');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const [mail] = await mailTo(email);
  await page.goto(linkIn(mail!, `${site().baseUrl}/account/signin#token=`));
  await page.waitForURL('**/account');
  await expect.poll(() => page.locator('.reader-email').textContent()).toBe(email);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-newsroom-data.json');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('button', { name: 'Yes, delete it for good' }).click();
  await page.waitForURL(`${site().baseUrl}/`);
  const me = await page.evaluate(async () => (await fetch('/api/readers/me')).status);
  expect(me).toBe(401);
  expect(pageErrors).toEqual([]);
});

test('a malformed address is refused in place, and nothing is mailed', async ({ page }) => {
  await page.goto('/account');
  await page.getByLabel('Email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect.poll(() => page.locator('.field-error').textContent()).toBe('Enter a valid email address');
  await expect.poll(() => page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
});
