import type { Page } from 'playwright-core';
import { expect, test } from './support/browser.ts';
import { linkIn, mailTo, uniqueAddress } from './support/mail.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { signInAs } from './support/staff.ts';

/**
 * A reader becomes a paying member (decisions 092-094): /support, a sign-in link from their mail,
 * Stripe Checkout (the stand-in of Stripe's API that `STRIPE_STAND_IN=1 npm start` runs: its page
 * takes the card, then sends the signed events to the webhook), back to /account as a paying member
 * with "Manage billing"; and anyone gives once.
 */

let tierName: string;
/** The reader who pays in the first journey, whom the admin then finds in the Members tab. */
let payingReader: string;

async function ensureTier(): Promise<string> {
  if (tierName) return tierName;
  const token = await apiLogin(site().admin);
  tierName = `Supporter ${Date.now().toString(36)}`;
  const made = await apiCall('/api/members/tiers', {
    method: 'POST',
    token,
    json: {
      name: tierName,
      description: 'Every story, and our thanks',
      monthly: { amount: 700, currency: 'usd' },
      yearly: { amount: 7000, currency: 'usd' },
    },
  });
  expect(made.status).toBe(201);
  return tierName;
}

async function signInByLink(page: Page, email: string, back: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const [mail] = await mailTo(email);
  await page.goto(linkIn(mail!, `${site().baseUrl}/account/signin#token=`));
  await page.waitForURL(`**${back}`);
}

test('a reader joins a paid tier from /support through Checkout, and sees it on /account', async ({ page, pageErrors }) => {
  const name = await ensureTier();
  const email = uniqueAddress();
  payingReader = email;
  await page.goto('/support');
  const tier = page.locator('.tier-card', { has: page.getByRole('heading', { name }) });
  await tier.getByRole('button', { name: /Monthly/ }).click();
  // Not signed in: the page asks for a sign-in link first, which brings the reader back here.
  await signInByLink(page, email, '/support');
  await page
    .locator('.tier-card', { has: page.getByRole('heading', { name }) })
    .getByRole('button', { name: /Monthly/ })
    .click();

  // Stripe's hosted Checkout (the stand-in's page), the reader's address prefilled.
  await page.waitForURL(/\/checkout\/cs_test_/);
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();

  // Back on the account page after the signed checkout.session.completed reached the webhook.
  await page.waitForURL('**/account#membership-welcome');
  await expect
    .poll(() => page.locator('.account-membership').textContent(), { timeout: 15_000 })
    .toContain(`You are a paying member: ${name}, monthly.`);
  await expect.poll(() => page.locator('.membership-renewal').textContent()).toMatch(/^It renews on /);
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL(/\/portal\/bps_/);
  expect(pageErrors).toEqual([]);
});

test('a reader meets the panel on a paid story, signs in by link, pays through Checkout and reads the story whole', async ({
  page,
  pageErrors,
}) => {
  const name = await ensureTier();
  const hidden = `The ledger shows ${Date.now().toString(36)} payments nobody approved.`;
  const made = await apiCall<{ slug: string }>('/api/stories', {
    method: 'POST',
    token: await apiLogin(site().admin),
    json: {
      title: `The ledger nobody approved ${Date.now().toString(36)}`,
      description: 'What the auditors found in the council’s books.',
      content: `<p>The auditors met on Tuesday.</p><hr data-preview-end=""><p>${hidden}</p>`,
      access: 'paid',
      status: 'published',
    },
  });
  expect(made.status).toBe(201);
  const story = `/story/${made.body.slug}`;
  const email = uniqueAddress();

  await page.goto(story);
  const panel = page.locator('.story-gate');
  await expect.poll(() => panel.getByRole('heading').textContent()).toBe('The rest of this story is for paying members');
  expect(await page.locator('main').textContent()).not.toContain(hidden);
  await panel.getByLabel('Email address').fill(email);
  await panel.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const [mail] = await mailTo(email);
  await page.goto(linkIn(mail!, `${site().baseUrl}/account/signin#token=`));
  await page.waitForURL(`**${story}`);

  // Signed in, not paying: the panel offers membership, and Checkout brings the reader back here.
  await page.getByRole('link', { name: 'Become a paying member' }).click();
  await page.waitForURL(/\/support\?next=/);
  await page
    .locator('.tier-card', { has: page.getByRole('heading', { name }) })
    .getByRole('button', { name: /Monthly/ })
    .click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(`**${story}#membership-welcome`);
  await expect
    .poll(
      async () => {
        if ((await page.locator('.story-gate').count()) > 0) await page.reload();
        return page.locator('main').textContent();
      },
      { timeout: 30_000 },
    )
    .toContain(hidden);
  expect(await page.locator('.story-gate').count()).toBe(0);
  expect(pageErrors).toEqual([]);
});

test('anyone gives once from /support, and comes back thanked', async ({ page, pageErrors }) => {
  await ensureTier();
  await page.goto('/support');
  await expect.poll(() => page.getByRole('button', { name: 'Give' }).isEnabled()).toBe(true);
  // Typing an amount chooses "Another amount" (the $15 preset checked at first is not what is charged).
  await page.getByLabel(/^Amount/).fill('0.50');
  await expect.poll(() => page.getByLabel('Another amount').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Give' }).click();
  await expect.poll(() => page.locator('#gift-error').textContent()).toBe('Give from $1 to $10,000.');
  await page.getByLabel('$50').check();
  await expect.poll(() => page.getByLabel(/^Amount/).inputValue()).toBe('');
  await page.getByLabel(/^Amount/).fill('12');
  await page.getByLabel(/Email for your receipt/).fill(uniqueAddress());
  await page.getByRole('button', { name: 'Give' }).click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await expect.poll(() => page.locator('h1').textContent()).toBe('Give 12.00 USD');
  await page.getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL('**/support#thank-you');
  await expect.poll(() => page.locator('.support-thanks').isVisible()).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('the admin finds that paying member in the Members tab by membership and address, and opens their page', async ({
  page,
  pageErrors,
}) => {
  expect(payingReader).toBeTruthy();
  await signInAs(page, site().admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Members' }).click();
  const panel = page.locator('.members-panel');
  await panel.getByLabel('Membership').selectOption('paid');
  await panel.getByLabel('Search address or name').fill(payingReader);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => panel.locator('.subscribers-table tbody tr').count()).toBe(1);
  expect(await panel.locator('.subscribers-table tbody tr').textContent()).toContain(`Paid · ${tierName}, monthly · renews`);
  await expect.poll(() => panel.locator('.card-heading .muted').textContent()).toBe('1 matching');

  await panel.getByLabel('Membership').selectOption('free');
  await expect.poll(() => panel.locator('.empty-state').textContent()).toBe('No members match.');
  await panel.getByLabel('Membership').selectOption('paid');
  await panel.getByRole('button', { name: payingReader }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.locator('.member-facts').textContent()).toContain('Has a Stripe customer');
  expect(pageErrors).toEqual([]);
});
