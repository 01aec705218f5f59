import { expect, test } from './support/browser.ts';
import { mailTo } from './support/mail.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createStoryViaApi, signInAs, unique } from './support/staff.ts';

/**
 * The newsroom's side of newsletters in Chromium: the admin adds a newsletter and imports its
 * subscribers with consent; the editor previews a story's email, mails a test to themself, sends
 * it and watches it go out (docs/product/api-readers.md).
 */

test('an admin adds a newsletter, imports subscribers, and sends a story from the editor', async ({ page, pageErrors }) => {
  const token = await signInAs(page, site().admin);
  const name = unique('Weekend Edition');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Newsletters' }).click();
  await page.getByRole('button', { name: 'Add Newsletter' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Sender name').fill('The Weekend Desk');
  await page.getByRole('button', { name: 'Create Newsletter' }).click();
  const row = page.locator('.newsletter-admin-list li', { hasText: name });
  await expect.poll(() => row.textContent()).toContain('0 subscribers');

  const stamp = Date.now().toString(36);
  const addresses = [`weekend-a-${stamp}@readers.test`, `weekend-b-${stamp}@readers.test`];
  await row.getByRole('button', { name: `Subscribers of ${name}` }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,name\n${addresses[0]},Ann\nnot-an-address,Bad\n${addresses[1]},Bo\n`),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect.poll(() => page.locator('.subscribers-import .form-status').textContent()).toContain('Confirm that these people agreed');
  await page.getByLabel('Everyone in this file agreed to get this newsletter').check();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect.poll(() => page.locator('.subscribers-import .form-status').textContent()).toContain('Imported 2');
  await expect.poll(() => page.locator('.subscribers-import .form-status').textContent()).toContain('line 3');
  await expect.poll(() => page.locator('.subscribers-table tbody tr').count()).toBe(2);

  const story = await createStoryViaApi(token, { title: unique('Harbour reopens') });
  await page.goto(`/edit/${story.id}`);
  const card = page.locator('.story-send-card');
  await card.getByLabel('Newsletter').selectOption({ label: `${name} (2 subscribers)` });
  await card.getByRole('button', { name: 'Preview email' }).click();
  await expect.poll(() => card.locator('iframe').getAttribute('srcdoc')).toContain(story.title);
  await card.getByRole('button', { name: 'Phone' }).click();
  expect(await card.locator('iframe').evaluate((frame) => frame.getBoundingClientRect().width)).toBeLessThanOrEqual(375);

  await card.getByRole('button', { name: 'Send a test to me' }).click();
  await expect.poll(() => card.locator('.form-status').textContent()).toBe(`Test sent to ${site().admin.email}.`);
  // The test says it is one, in its subject and its footer; it does not tell the admin they subscribed.
  const testMail = async () => (await mailTo(site().admin.email, { timeoutMs: 1000 })).find((mail) => mail.subject?.endsWith(story.title));
  await expect.poll(async () => (await testMail())?.subject, { timeout: 30_000 }).toBe(`[Test] ${story.title}`);
  const test = await testMail();
  expect(test!.text).toContain(`This is a test of ${name}, sent only to you`);
  expect(test!.text).not.toContain('you subscribed');

  // Sending asks first, naming the audience; Cancel sends nothing.
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Send to 2 subscribers of ${name}?` });
  await expect.poll(() => confirm.count()).toBe(1);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => confirm.count()).toBe(0);
  const newsletterId = (await apiCall<{ id: number; name: string }[]>('/api/newsletters?all=true', { token })).body.find(
    (newsletter) => newsletter.name === name,
  )!.id;
  expect((await apiCall<unknown[]>(`/api/newsletters/${newsletterId}/sends`, { token })).body).toEqual([]);
  expect(await card.locator('.send-progress').count()).toBe(0);

  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect.poll(() => card.locator('.send-progress').textContent(), { timeout: 30_000 }).toBe('Sent: 2 of 2 sent');
  for (const address of addresses) {
    const [mail] = await mailTo(address, { timeoutMs: 30_000 });
    expect(mail!.subject).toBe(story.title);
    expect(mail!.from[0]!.name).toBe('The Weekend Desk');
  }
  // A second send of the same story to the same newsletter is refused.
  const again = await apiCall<{ error: { code: string } }>(`/api/stories/${story.id}/send`, {
    method: 'POST',
    token: await apiLogin(site().admin),
    json: { newsletter: (await newsletterSlug(token, name))! },
  });
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('already_sent');
  expect(pageErrors).toEqual([]);
});

async function newsletterSlug(token: string, name: string): Promise<string | undefined> {
  const list = await apiCall<{ name: string; slug: string }[]>('/api/newsletters?all=true', { token });
  return list.body.find((newsletter) => newsletter.name === name)?.slug;
}
