import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { expectNotice } from './support/media.ts';
import { readerPage } from './support/live.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, signInAs, uniqueUsername } from './support/staff.ts';

/**
 * Captions from upload to reader (issue 39, docs/product/api-captions.md): a reporter uploads a video
 * with speech in it (espeak-ng, made by the stand-in transcriber, which really decodes the audio the
 * site sends it), sees the automatic cues appear on the caption desk, corrects one and saves it; a
 * reader turns CC on (and finds it on after a reload), reads the transcript and plays the video from
 * a paragraph.
 */

interface SpokenVideo {
  bytes: Buffer;
  phrases: { text: string; start: number; end: number }[];
}

async function spokenVideo(phrases: number[]): Promise<SpokenVideo> {
  const res = await fetch(`${inject('transcriberOrigin')}/_stand-in/video?phrases=${phrases.join(',')}&container=webm`);
  if (!res.ok) throw new Error(`the stand-in made no video: ${res.status}`);
  return {
    bytes: Buffer.from(await res.arrayBuffer()),
    phrases: JSON.parse(decodeURIComponent(res.headers.get('x-phrases')!)) as SpokenVideo['phrases'],
  };
}

const CORRECTED = 'The Harbour Bridge is closed until Friday.';

test('a video with speech gets cues, a reporter corrects one, a reader turns CC on and reads the transcript', async ({
  page,
  pageErrors,
  browser,
}) => {
  const video = await spokenVideo([0, 1, 4]);
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('captioner'));
  const token = await signInAs(page, reporter);

  // The Upload tab: the video becomes a draft story, and its automatic captions start.
  await page.goto('/dashboard');
  await expect.poll(() => page.getByRole('heading', { name: 'Reporter Dashboard' }).count(), { timeout: 30_000 }).toBe(1);
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page
    .getByLabel('Choose an image or video file')
    .setInputFiles({ name: 'harbour-report.webm', mimeType: 'video/webm', buffer: video.bytes });
  await expectNotice(page, 'Success', 'Video uploaded successfully');
  await page.getByRole('link', { name: 'Open in Editor' }).click();

  // The caption desk: the automatic track turns ready by itself (the list reads again while it is pending).
  const desk = page.getByRole('region', { name: 'Captions' });
  await expect.poll(() => desk.getByText('Ready', { exact: true }).count(), { timeout: 120_000, interval: 1000 }).toBe(1);
  await expect.poll(() => desk.getByText('Automatic', { exact: true }).count()).toBe(1);
  await desk.getByRole('button', { name: 'Edit cues' }).click();
  const cues = desk.getByRole('list', { name: 'Cues' }).getByRole('textbox', { name: /^Cue \d+ text$/ });
  await expect.poll(() => cues.count(), { timeout: 15_000 }).toBe(video.phrases.length);
  expect(await cues.evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value))).toEqual(
    video.phrases.map((p) => p.text),
  );

  // Jump to the second cue: the video beside plays from where it is said.
  await desk.getByRole('button', { name: 'Play cue 2' }).click();
  const editorTime = await desk.locator('video').evaluate((element) => (element as HTMLVideoElement).currentTime);
  expect(editorTime).toBeGreaterThanOrEqual(video.phrases[1]!.start - 0.05);

  // Correct the second cue and save it.
  await cues.nth(1).fill(CORRECTED);
  await desk.getByRole('button', { name: 'Save and mark reviewed' }).click();
  await expectNotice(page, 'Captions saved');
  await expect.poll(() => desk.getByText('Edited', { exact: true }).count()).toBe(1);
  await expect.poll(() => desk.getByText('Reviewed', { exact: true }).count()).toBe(1);

  // Published (the publishing itself is tested elsewhere): a reader's turn.
  const storyId = Number(/\/edit\/(\d+)/.exec(new URL(page.url()).pathname)![1]);
  const story = (await apiCall<Story>(`/api/stories/${storyId}`, { token })).body;
  const published = await apiCall<Story>(`/api/stories/${storyId}`, {
    method: 'PUT',
    token,
    json: { ...storyPayload(story), status: 'published' },
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);

  const readerErrors: string[] = [];
  const reader = await readerPage(browser, readerErrors);
  await reader.goto(`/story/${published.body.slug}`);
  const cc = reader.getByRole('button', { name: 'Captions' });
  await expect.poll(() => cc.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await cc.getAttribute('aria-pressed')).toBe('false');
  const modes = () =>
    reader.locator('video').evaluate((element) => Array.from((element as HTMLVideoElement).textTracks).map((track) => track.mode));
  expect(await modes()).toEqual(['disabled']);
  await cc.click();
  expect(await cc.getAttribute('aria-pressed')).toBe('true');
  expect(await modes()).toEqual(['showing']);
  // The cues the player shows are the corrected ones, from the served VTT.
  await expect
    .poll(() =>
      reader
        .locator('video')
        .evaluate((element) => Array.from((element as HTMLVideoElement).textTracks[0]!.cues ?? []).map((cue) => (cue as VTTCue).text)),
    )
    .toContain(CORRECTED);

  // Remembered: after a reload, captions are on at once.
  await reader.reload();
  await expect.poll(() => reader.getByRole('button', { name: 'Captions' }).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
  expect(await modes()).toEqual(['showing']);

  // The transcript under the video: the corrected words; a paragraph plays the video from where it is said.
  const transcript = reader.locator('.video-transcript');
  await transcript.locator('summary').click();
  await expect.poll(() => transcript.textContent()).toContain(CORRECTED);
  // A paragraph (cues until a pause of 2 s) starts where its first phrase is said; a click plays the video from there.
  const paragraph = transcript.locator('.transcript-paragraph', { hasText: video.phrases[2]!.text });
  const start = Number(await paragraph.getAttribute('data-start'));
  const words = (await paragraph.locator('.transcript-text').textContent())!;
  const said = video.phrases.map((phrase, i) => ({ ...phrase, text: i === 1 ? CORRECTED : phrase.text }));
  const opening = said.find((phrase) => words.startsWith(phrase.text))!;
  expect(words.endsWith(video.phrases[2]!.text)).toBe(true);
  expect(Math.abs(start - opening.start)).toBeLessThan(0.2);
  // From the video's end; the click's seek is noted where it lands.
  await reader.locator('video').evaluate(async (element) => {
    const player = element as HTMLVideoElement;
    if (Number.isNaN(player.duration)) await new Promise((resolve) => player.addEventListener('loadedmetadata', resolve, { once: true }));
    player.currentTime = player.duration - 0.1;
    await new Promise((resolve) => player.addEventListener('seeked', resolve, { once: true }));
    player.addEventListener('seeking', () => (player.dataset.seekedTo = String(player.currentTime)), { once: true });
  });
  await paragraph.locator('.transcript-text').click();
  await expect.poll(() => reader.locator('video').getAttribute('data-seeked-to')).toBe(String(start));

  expect(pageErrors).toEqual([]);
  expect(readerErrors).toEqual([]);
  await screenshots(page, reader, video.phrases[1]!.start + 0.5);
  await reader.context().close();
}, 300_000);

/**
 * For the closing note, when CAPTIONS_SHOTS_DIR names a directory: the cue editor and the reader's page
 * (captions on, a cue showing, the transcript open) at 390 and 1280 px. Nothing is asserted here.
 */
async function screenshots(editor: Page, reader: Page, at: number): Promise<void> {
  const dir = process.env.CAPTIONS_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const showCue = (page: Page, selector: string) =>
    page.locator(selector).evaluate(async (element, time) => {
      const video = element as HTMLVideoElement;
      video.pause();
      if (video.currentTime === time) return;
      const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
      video.currentTime = time;
      await Promise.race([seeked, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }, at);
  for (const width of [390, 1280]) {
    // Tall enough that each part is seen whole without scrolling under the sticky bars.
    await editor.setViewportSize({ width, height: 1700 });
    await editor.locator('.cue-editor').evaluate((element) => {
      const bar = document.querySelector('.editor-action-bar')?.getBoundingClientRect().height ?? 0;
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - bar - 12);
    });
    await showCue(editor, '.cue-editor video');
    await editor.locator('.cue-editor').screenshot({ path: join(dir, `cue-editor-${width}.png`) });
    await reader.setViewportSize({ width, height: 1700 });
    await reader.evaluate(() => window.scrollTo(0, 0));
    await showCue(reader, '.story-video video');
    await reader.locator('.article-header').screenshot({ path: join(dir, `story-captions-on-${width}.png`) });
  }
}

/** The PUT body for a story as it stands (its current version). */
function storyPayload(story: Story) {
  return {
    title: story.title,
    slug: story.slug,
    description: story.description || 'A report from the harbour.',
    content: story.content || '<p>A report from the harbour.</p>',
    beatId: story.beatId,
    status: story.status,
    isFeatured: story.isFeatured,
    featuredImageUrl: story.featuredImageUrl,
    videoUrl: story.videoUrl,
    version: story.version,
  };
}
