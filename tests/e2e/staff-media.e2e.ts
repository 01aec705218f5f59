import type { Request } from 'playwright-core';
import { expect, test } from './support/browser.ts';
import { describeDroppedPicture, expectPhotoStoryCreated, photoStoryWithImageOver } from './support/media.ts';
import { apiLogin, site } from './support/site.ts';
import { createReporterViaApi, signInAs, uniqueUsername } from './support/staff.ts';
import { resolve } from 'node:path';

test('an image dropped into the text uploads with its progress shown and lands where it was dropped', async ({ page, pageErrors }) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('dropper'));
  await signInAs(page, reporter);
  const { title, editor, drop } = await photoStoryWithImageOver(page);
  // A slow line, so the upload's place and progress stay on screen long enough to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 600, downloadThroughput: -1, uploadThroughput: 4096 });
  const upload = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/upload/'));
  await drop();
  const progress = editor.getByRole('progressbar', { name: 'Uploading harbour-at-dawn.png' });
  await expect.poll(() => progress.count()).toBe(1);
  expect((await upload).status()).toBe(201);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect.poll(() => page.getByText('Image uploaded successfully').count(), { timeout: 20_000 }).toBe(1);

  const image = await describeDroppedPicture(page, editor);
  expect(await progress.count()).toBe(0);
  const src = (await image.getAttribute('src'))!;

  const created = page.waitForRequest(
    (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/stories',
  );
  await page.getByRole('button', { name: 'Create Story' }).click();
  await created;
  await expectPhotoStoryCreated(page, await apiLogin(reporter), title, src);
  expect(pageErrors).toEqual([]);
});

test("the Upload tab turns a chosen image into a draft story, and refuses other types with the drop zone's message", async ({
  page,
  pageErrors,
}) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('uploader'));
  await signInAs(page, reporter);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Upload' }).click();
  const chooser = page.getByLabel('Choose an image or video file');

  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not media') });
  await expect.poll(() => page.getByRole('alert').filter({ hasText: 'notes.txt: File type must be one of' }).count()).toBe(1);

  await chooser.setInputFiles(resolve(import.meta.dirname, 'support/drop-image.png'));
  await expect.poll(() => page.getByText('Image uploaded successfully').count(), { timeout: 20_000 }).toBe(1);
  const done = page.getByRole('status').filter({ hasText: 'A draft story' });
  await expect.poll(() => done.count()).toBe(1);
  expect(await done.innerText()).toContain('drop image');

  await page.getByRole('link', { name: 'Open in Editor' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Edit Story' }).count(), { timeout: 15_000 }).toBe(1);
  expect(await page.getByLabel('Title').inputValue()).toBe('drop image');
  expect(await page.getByLabel('Status').inputValue()).toBe('draft');
  const src = await page.getByRole('textbox', { name: 'Story Content' }).locator('img').getAttribute('src');
  expect(src).toMatch(/^\/media\/images\//);
  expect(await page.getByLabel('…or the picture’s address').inputValue()).toBe(src);
  expect(pageErrors).toEqual([]);
});
