import { expect, test } from './support/browser.ts';
import { linkIn, mailTo, uniqueAddress } from './support/mail.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createStoryViaApi, unique } from './support/staff.ts';

/**
 * A reader subscribes to a newsletter in Chromium, confirms by the mailed link, gets a story sent
 * as an issue through the fan-out queue, and leaves by the List-Unsubscribe header's address
 * (docs/product/api-readers.md).
 */

interface NewsletterAnswer {
  id: number;
  slug: string;
  name: string;
}

async function arrangeNewsletter(token: string): Promise<NewsletterAnswer> {
  const name = unique('Morning Brief');
  const res = await apiCall<NewsletterAnswer>('/api/newsletters', {
    method: 'POST',
    token,
    json: { name, description: 'The day’s stories before breakfast.', senderName: 'The Morning Desk' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

test('subscribe, confirm by mail, receive a sent story, unsubscribe with the header’s one-click address', async ({ page, pageErrors }) => {
  const token = await apiLogin(site().admin);
  const newsletter = await arrangeNewsletter(token);
  const email = uniqueAddress('subscriber');

  await page.goto('/newsletters');
  const item = page.locator('.newsletter-item', { hasText: newsletter.name });
  await item.getByLabel('Email address').fill(email);
  await item.getByRole('button', { name: 'Subscribe' }).click();
  await expect.poll(() => item.locator('.newsletter-status').textContent()).toContain(`we mailed a link to ${email}`);

  const [confirmation] = await mailTo(email);
  expect(confirmation!.subject).toBe(`Confirm your subscription to ${newsletter.name}`);
  const confirmLink = linkIn(confirmation!, `${site().baseUrl}/newsletters/confirm#token=`);
  await page.goto(confirmLink);
  await expect.poll(() => page.locator('h1').textContent()).toBe('You are subscribed');
  expect(page.url()).toBe(`${site().baseUrl}/newsletters/confirm`);
  // The same link followed again (issue 42): a subscribed reader is not told to subscribe again, and nothing is said twice.
  await page.goto('about:blank');
  await page.goto(confirmLink);
  await expect.poll(() => page.locator('h1').textContent()).toBe('This link has been used or has expired');
  const said = (await page.locator('#main').innerText()).trim();
  expect(said).not.toMatch(/subscribe again/i);
  const sentences = said
    .split(/(?<=[.?!])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  expect(sentences.length).toBeGreaterThan(1);
  expect(new Set(sentences).size).toBe(sentences.length);
  expect(await page.locator('#main a').allInnerTexts()).toEqual(['All newsletters']);

  const story = await createStoryViaApi(token, { title: unique('Council votes') });
  const send = await apiCall<{ id: number; recipients: number }>(`/api/stories/${story.id}/send`, {
    method: 'POST',
    token,
    json: { newsletter: newsletter.slug },
  });
  expect(send.status).toBe(202);
  const [, issue] = await mailTo(email, { count: 2, timeoutMs: 30_000 });
  expect(issue!.subject).toBe(story.title);
  expect(issue!.from[0]!.name).toBe('The Morning Desk');
  expect(issue!.headers['list-unsubscribe-post']).toEqual(['List-Unsubscribe=One-Click']);
  expect(issue!.html).toContain(`utm_source=${newsletter.slug}`);
  const unsubscribeUrl = /<([^>]+)>/.exec(issue!.headers['list-unsubscribe']![0]!)![1]!;

  // A GET (a link scanner, the reader's click) only asks; the button sends RFC 8058's one-click POST.
  await page.goto(unsubscribeUrl);
  await expect.poll(() => page.locator('h1').textContent()).toBe(`Unsubscribe from ${newsletter.name}?`);
  const stillSubscribed = await apiCall<{ subscribers: { email: string; status: string }[] }>(
    `/api/newsletters/${newsletter.id}/subscribers?q=${encodeURIComponent(email)}`,
    { token },
  );
  expect(stillSubscribed.body.subscribers).toMatchObject([{ email, status: 'subscribed' }]);
  // In the site's frame (issue 42), not a bare page.
  expect(await page.locator('header.site-header').count()).toBe(1);
  expect(await page.locator('footer.site-footer').count()).toBe(1);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect.poll(() => page.locator('h1').textContent()).toBe('You are unsubscribed');
  expect(await page.locator('header.site-header').count()).toBe(1);
  expect(await page.locator('#main a').allInnerTexts()).toEqual(['Go to the front page']);
  const after = await apiCall<{ subscribers: { email: string; status: string }[] }>(
    `/api/newsletters/${newsletter.id}/subscribers?q=${encodeURIComponent(email)}`,
    { token },
  );
  expect(after.body.subscribers).toMatchObject([{ email, status: 'unsubscribed' }]);
  expect(pageErrors).toEqual([]);
});

test('a signed-in reader picks their newsletters with checkboxes on the account page', async ({ page, pageErrors }) => {
  const token = await apiLogin(site().admin);
  const newsletter = await arrangeNewsletter(token);
  const email = uniqueAddress();
  await page.goto('/account');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const [mail] = await mailTo(email);
  await page.goto(linkIn(mail!, `${site().baseUrl}/account/signin#token=`));
  await page.waitForURL('**/account');

  await page.getByLabel(newsletter.name).check();
  await page.getByRole('button', { name: 'Save newsletters' }).click();
  await expect.poll(() => page.locator('.account-newsletters-form .form-status').textContent()).toBe('Saved.');
  const me = await page.evaluate(async () => (await fetch('/api/readers/me')).json());
  expect(me.newsletters).toContain(newsletter.slug);

  await page.reload();
  await expect.poll(() => page.getByLabel(newsletter.name).isChecked()).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('a Subscribe clicked while the page’s code is still arriving is sent in place once it has', async ({ page, pageErrors }) => {
  const token = await apiLogin(site().admin);
  const newsletter = await arrangeNewsletter(token);
  const email = uniqueAddress('early');
  // A slow connection: the islands' chunk arrives 1.5 s after it is asked for, well after the click.
  let islandsAsked = 0;
  await page.route('**/assets/islands-*.js', async (route) => {
    islandsAsked += 1;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await page.goto('/newsletters');
  const item = page.locator('.newsletter-item', { hasText: newsletter.name });
  await item.getByLabel('Email address').fill(email);
  await item.getByRole('button', { name: 'Subscribe' }).click();
  await expect.poll(() => item.locator('.newsletter-status').textContent()).toContain(`we mailed a link to ${email}`);
  expect(islandsAsked).toBeGreaterThan(0);
  expect(page.url()).toBe(`${site().baseUrl}/newsletters`);
  const mails = await mailTo(email);
  expect(mails.map((mail) => mail.subject)).toEqual([`Confirm your subscription to ${newsletter.name}`]);
  expect(pageErrors).toEqual([]);
});
