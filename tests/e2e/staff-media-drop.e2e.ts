import { readFileSync } from 'node:fs';
import type { Request } from 'playwright-core';
import type { Story } from '../../src/domain/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/** A real PNG (8x8 pixels) to drop into the story text. */
const PNG = readFileSync(new URL('./support/drop-image.png', import.meta.url)).toString('base64');

test('an image dropped into the text uploads with its progress shown and lands where it was dropped', async ({ page, pageErrors }) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('dropper'));
  await signInAs(page, reporter);
  await page.goto('/story/new');
  await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);

  const title = unique('Pictures from the harbour');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A photo story');
  const editor = page.getByRole('textbox', { name: 'Story Content' });
  await editor.click();
  await page.keyboard.type('Before the picture.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('After the picture.');

  // Drop the file on the second paragraph, as a person dragging it from their desktop would.
  const target = editor.locator('p', { hasText: 'After the picture.' });
  const box = (await target.boundingBox())!;
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'harbour-at-dawn.png', { type: 'image/png' }));
    return transfer;
  }, PNG);
  const at = { dataTransfer, clientX: box.x + 2, clientY: box.y + 2 };
  await target.dispatchEvent('dragenter', at);
  await target.dispatchEvent('dragover', at);
  await expect.poll(() => page.getByText('Drop images or videos here').count()).toBe(1);
  const upload = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/upload/'));
  await target.dispatchEvent('drop', at);
  expect((await upload).status()).toBeLessThan(300);
  await expect.poll(() => page.getByText('Image uploaded successfully').count(), { timeout: 20_000 }).toBe(1);

  const image = editor.locator('img[alt="harbour at dawn"]');
  await expect.poll(() => image.count()).toBe(1);
  const src = (await image.getAttribute('src'))!;
  const order = await editor.evaluate((root) => Array.from(root.children).map((child) => child.tagName + ':' + (child.textContent ?? '')));
  expect(order.slice(0, 3)).toEqual(['P:Before the picture.', 'IMG:', 'P:After the picture.']);

  const created = page.waitForRequest((request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/stories');
  await page.getByRole('button', { name: 'Create Story' }).click();
  await created;
  await page.waitForURL('**/story/**');
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  const story = (await apiCall<Story>(`/api/stories/slug/${slug}`, { token: await apiLogin(reporter) })).body;
  expect(story.title).toBe(title);
  expect(story.content).toContain(`<img src="${src}" alt="harbour at dawn">`);
  const served = await fetch(new URL(src, site().baseUrl));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(pageErrors).toEqual([]);
});
