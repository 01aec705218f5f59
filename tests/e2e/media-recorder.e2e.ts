import type { Story } from '../../src/domain/story/entities.ts';
import { ffprobeBytes, hasFfprobe } from '../support/ffprobe.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/browser.ts';
import { expectNotice, playAndSeek } from './support/media.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * The Record tab (docs/product/screens.md, docs/product/rules.md, docs/product/notices.md; issue 5): a reporter previews the fake camera,
 * toggles camera and microphone, records a few seconds, plays the clip back and uploads it with a
 * title, description and category; the clip is an MP4 (H.264) where the browser records one, and
 * the draft story plays it with a finite duration and seeks.
 */
test('a reporter records a clip, uploads it with a title, and the draft story plays it with a finite duration', async ({
  page,
  pageErrors,
}) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('recorder'));
  const token = await signInAs(page, reporter);
  await page.goto('/dashboard');
  await expect.poll(() => page.getByRole('heading', { name: 'Reporter Dashboard' }).count(), { timeout: 15_000 }).toBe(1);
  await page.getByRole('tab', { name: 'Record' }).click();

  // Nothing recorded and no title yet.
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expectNotice(page, 'Please provide a title and record a video');

  await page.getByRole('button', { name: 'Start Camera' }).click();
  const preview = 'video[aria-label="Camera preview"]';
  await expect
    .poll(() => page.evaluate((css) => document.querySelector<HTMLVideoElement>(css)?.readyState ?? 0, preview), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const tracksEnabled = () =>
    page.evaluate((css) => {
      const stream = document.querySelector<HTMLVideoElement>(css)?.srcObject as MediaStream;
      return { video: stream.getVideoTracks()[0]!.enabled, audio: stream.getAudioTracks()[0]!.enabled };
    }, preview);
  expect(await tracksEnabled()).toEqual({ video: true, audio: true });
  expect(await seriousViolations(page), 'previewing').toEqual([]);

  // Camera and microphone toggle during the preview.
  const cameraToggle = page.getByRole('button', { name: 'Camera', exact: true });
  const microphoneToggle = page.getByRole('button', { name: 'Microphone', exact: true });
  expect(await cameraToggle.getAttribute('aria-pressed')).toBe('true');
  await cameraToggle.click();
  expect(await cameraToggle.getAttribute('aria-pressed')).toBe('false');
  await microphoneToggle.click();
  expect(await microphoneToggle.getAttribute('aria-pressed')).toBe('false');
  expect(await tracksEnabled()).toEqual({ video: false, audio: false });
  expect(await page.getByText('Camera off', { exact: true }).count()).toBe(1);
  await cameraToggle.click();
  await microphoneToggle.click();
  expect(await tracksEnabled()).toEqual({ video: true, audio: true });

  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Recording.' }).count()).toBe(1);
  await page.waitForTimeout(3500);
  await page.getByRole('button', { name: 'Stop Recording' }).click();

  // The clip plays back with its length known (fixRecordingDuration) before it is uploaded.
  const clip = 'video[aria-label="Recorded clip"]';
  await expect.poll(() => page.locator(clip).count(), { timeout: 15_000 }).toBe(1);
  const playback = await playAndSeek(page, clip);
  expect(Number.isFinite(playback.duration), `clip duration ${playback.duration}`).toBe(true);
  expect(playback.duration).toBeGreaterThan(2.5);
  // The camera is given back once the clip is made.
  expect(await page.locator(preview).count()).toBe(0);
  expect(await seriousViolations(page), 'clip recorded').toEqual([]);

  const title = unique('Water over the levee');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Filmed from the river road');
  await page.getByLabel('Category').selectOption({ label: 'Local News' });

  // Hold the upload a moment so its progress bar can be seen.
  await page.route('**/api/upload/video', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/upload/video');
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect.poll(() => page.getByRole('progressbar', { name: 'Uploading your clip' }).count()).toBe(1);
  const response = await uploaded;
  expect(response.status()).toBe(201);
  const sent = (await response.json()) as { url: string; contentType: string; story: Story };
  await expectNotice(page, 'Video uploaded successfully!');
  // This Chromium records fragmented MP4 with H.264 (issue 18), stored and served as MP4, its duration and index written in.
  expect(sent).toMatchObject({ contentType: 'video/mp4' });
  expect(sent.url).toMatch(/\.mp4$/);
  if (await hasFfprobe()) {
    const probe = await ffprobeBytes(new Uint8Array(await (await fetch(`${site().baseUrl}${sent.url}`)).arrayBuffer()));
    expect(probe.complaints).toBe('');
    expect(probe.streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');
    expect(Number(probe.format.duration)).toBeGreaterThan(2.5);
  }

  // A draft story holds the clip, in the beat the category names.
  const story = (await apiCall<Story>(`/api/stories/${sent.story.id}`, { token })).body;
  expect(story).toMatchObject({
    title,
    description: 'Filmed from the river road',
    status: 'draft',
    videoUrl: sent.url,
    beat: { name: 'Local News' },
  });
  expect(await page.getByRole('link', { name: 'Open Draft in Editor' }).getAttribute('href')).toBe(`/edit/${story.id}`);
  expect(await seriousViolations(page), 'uploaded').toEqual([]);

  // The story list is refreshed: My Stories has it without a reload.
  await page.getByRole('tab', { name: 'My Stories' }).click();
  await expect.poll(() => page.getByRole('heading', { name: title, level: 3 }).count()).toBe(1);

  // The draft story (its author may see it) plays the clip with a finite duration, and seeks.
  await page.goto(`/story/${story.slug}`);
  await expect.poll(() => page.getByRole('heading', { name: title }).count(), { timeout: 15_000 }).toBe(1);
  const stored = await playAndSeek(page, `video[src="${sent.url}"]`);
  expect(Number.isFinite(stored.duration), `stored duration ${stored.duration}`).toBe(true);
  expect(stored.duration).toBeGreaterThan(2.5);
  expect(Math.abs(stored.seekedTo - stored.target)).toBeLessThan(0.5);
  expect(stored.advanced).toBeGreaterThan(0.3);
  console.log(
    `recorder: a 3.5 s recording plays back as ${playback.duration.toFixed(2)} s; stored as ${stored.duration.toFixed(2)} s, seeked to ${stored.seekedTo.toFixed(2)} s`,
  );
  expect(pageErrors).toEqual([]);
});
