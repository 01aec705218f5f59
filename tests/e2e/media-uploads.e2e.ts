import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Request } from 'playwright-core';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { describeDroppedPicture, expectNotice, expectPhotoStoryCreated, photoStoryWithImageOver } from './support/media.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * The Upload tab and the editor's drop go through the resumable uploader (src/web/staff/uploads/upload-file.ts):
 * a large file in parts with its progress shown, surviving a dropped connection; a dropped image
 * lands in the story text.
 */

const MiB = 1024 * 1024;

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

test('a large video from the Upload tab goes up in parts, resumes a part whose connection dropped, and becomes a draft story', async ({
  page,
  pageErrors,
}) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('uploader'));
  const token = await signInAs(page, reporter);
  await page.goto('/dashboard');
  await expect.poll(() => page.getByRole('heading', { name: 'Reporter Dashboard' }).count(), { timeout: 15_000 }).toBe(1);
  await page.getByRole('tab', { name: 'Upload' }).click();

  // A real WebM header (the server decides the type by the first bytes), then 18 MiB of filler: past the one-request limit.
  const header = readFileSync(new URL('../fixtures/camera-vp9-opus.webm', import.meta.url)).subarray(0, 4096);
  const bytes = Buffer.concat([header, randomBytes(18 * MiB - header.length)]);
  const name = `${unique('harbour-footage').replace(/\s+/g, '-')}.webm`;

  let partTwoTries = 0;
  await page.route('**/api/uploads/*/parts/2', async (route) => {
    partTwoTries++;
    if (partTwoTries === 1) await route.abort('connectionreset');
    else await route.continue();
  });
  const parts: string[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'PUT' && path.startsWith('/api/uploads/')) parts.push(path.split('/').pop()!);
  });

  await page.getByLabel('Choose an image or video file').setInputFiles({ name, mimeType: 'video/webm', buffer: bytes });
  await expect.poll(() => page.getByRole('progressbar', { name: `Uploading ${name}` }).count()).toBe(1);
  await expectNotice(page, 'Success', 'Video uploaded successfully');

  expect(partTwoTries).toBe(2);
  expect([...new Set(parts)].sort()).toEqual(['1', '2', '3']);
  const editorLink = page.getByRole('link', { name: 'Open in Editor' });
  const storyId = Number((await editorLink.getAttribute('href'))!.split('/').pop());
  const story = (await apiCall<Story>(`/api/stories/${storyId}`, { token })).body;
  expect(story.status).toBe('draft');
  expect(story.videoUrl).toMatch(/^\/media\//);
  const served = new Uint8Array(await (await fetch(new URL(story.videoUrl!, site().baseUrl))).arrayBuffer());
  expect(served.length).toBe(bytes.length);
  expect(sha256(served)).toBe(sha256(bytes));
  expect(pageErrors).toEqual([]);
});

test('an image dropped into the story text uploads and lands where it was dropped', async ({ page, pageErrors }) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('dropper'));
  const token = await signInAs(page, reporter);
  const { title, editor, drop } = await photoStoryWithImageOver(page);
  const upload = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/upload/image');
  await drop();
  expect((await upload).status()).toBe(201);
  await expectNotice(page, 'Success', 'Image uploaded successfully');

  const image = await describeDroppedPicture(page, editor);
  const src = (await image.getAttribute('src'))!;

  await page.getByRole('button', { name: 'Create Story' }).click();
  await expectPhotoStoryCreated(page, token, title, src);
  expect(pageErrors).toEqual([]);
});
