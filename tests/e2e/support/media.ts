import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Story } from '../../../src/domain/story/entities.ts';
import { apiCall, site } from './site.ts';
import { unique } from './staff.ts';

/** The toast region (docs/product/rules.md#limits-and-constants), where docs/product/notices.md's notices appear. */
export function notices(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

/** Waits until a notice with this title (and description, when given) is showing. */
export async function expectNotice(page: Page, title: string, description?: string): Promise<void> {
  const region = notices(page);
  await expect
    .poll(() => region.getByText(title, { exact: true }).count(), { timeout: 20_000, message: `notice "${title}"` })
    .toBeGreaterThan(0);
  if (description !== undefined)
    expect(await region.getByText(description, { exact: true }).count(), `"${title}" says "${description}"`).toBeGreaterThan(0);
}

export interface PlaybackFacts {
  duration: number;
  seekedTo: number;
  target: number;
  /** Seconds of media played during a second of real time, after the seek. */
  advanced: number;
}

/**
 * Plays the video element matched by `selector` the way a reader would: waits for its metadata,
 * seeks to the middle, plays (muted, so no gesture is needed) and measures how far it got.
 */
export async function playAndSeek(page: Page, selector: string): Promise<PlaybackFacts> {
  // A page the worker painted first shows an empty video frame until the app takes over.
  await page.waitForSelector(selector, { state: 'attached', timeout: 15_000 });
  return page.evaluate(async (css) => {
    const video = document.querySelector<HTMLVideoElement>(css);
    if (!video) throw new Error(`no video matches ${css}`);
    if (video.readyState < HTMLMediaElement.HAVE_METADATA) {
      await new Promise<void>((resolve, reject) => {
        video.addEventListener('loadedmetadata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error(`the video failed to load: ${video.error?.message ?? ''}`)), { once: true });
        video.load();
      });
    }
    const duration = video.duration;
    const target = Number.isFinite(duration) ? duration / 2 : 0;
    video.currentTime = target;
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    const seekedTo = video.currentTime;
    video.muted = true;
    await video.play();
    const from = video.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const advanced = video.currentTime - from;
    video.pause();
    return { duration, seekedTo, target, advanced };
  }, selector);
}

/** The currentTime and state of a video element (for a live player that plays by itself). */
export function videoState(page: Page, selector: string) {
  return page.evaluate((css) => {
    const video = document.querySelector<HTMLVideoElement>(css);
    return video
      ? {
          currentTime: video.currentTime,
          paused: video.paused,
          muted: video.muted,
          width: video.videoWidth,
          src: video.getAttribute('src'),
        }
      : null;
  }, selector);
}

/** The scripts the page has downloaded so far. */
export function scriptsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => entry.name),
  );
}

/** Whether any of these scripts contains `marker`. */
export async function anyScriptContains(urls: string[], marker: string): Promise<boolean> {
  for (const url of urls) if ((await (await fetch(url)).text()).includes(marker)) return true;
  return false;
}

/** A real PNG (8x8 pixels) the journeys drop into the story text, named as a reporter's photo. */
const DROP_IMAGE = readFileSync(new URL('./drop-image.png', import.meta.url)).toString('base64');

/**
 * Drags support/drop-image.png (as harbour-at-dawn.png) from the desktop over `target`: dragenter
 * and dragover, as Chromium sends them. Resolves to the drop, for the journey to make when it is ready.
 */
export async function dragImageOver(page: Page, target: Locator): Promise<() => Promise<void>> {
  const box = (await target.boundingBox())!;
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'harbour-at-dawn.png', { type: 'image/png' }));
    return transfer;
  }, DROP_IMAGE);
  const at = { dataTransfer, clientX: box.x + 2, clientY: box.y + 2 };
  await target.dispatchEvent('dragenter', at);
  await target.dispatchEvent('dragover', at);
  return () => target.dispatchEvent('drop', at);
}

/**
 * Opens Create New Story and writes a photo story (title, description, two paragraphs), then
 * drags an image over the second paragraph, as a person dragging it from their desktop would.
 * Returns the title, the editor and the drop, for the caller to let go when it is ready.
 */
export async function photoStoryWithImageOver(page: Page) {
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

  const drop = await dragImageOver(page, editor.locator('p', { hasText: 'After the picture.' }));
  await expect.poll(() => page.getByText('Drop images or videos here').count()).toBe(1);
  return { title, editor, drop };
}

/** The words the journeys give a dropped picture. */
export const DROPPED_PICTURE = { alt: 'Fishing boats moored in the harbour at dawn', caption: 'The harbour before the storm.' } as const;

/**
 * A dropped picture asks for its words: alt text (needed; never the file's name: the dialog says so
 * when it is left blank) and a caption. Answers with DROPPED_PICTURE; returns the picture in the text.
 */
export async function describeDroppedPicture(page: Page, editor: Locator): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Describe the picture' });
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(1);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialog.getByText('Describe what the picture shows, for readers who cannot see it').count()).toBe(1);
  await dialog.getByLabel('Alt text').fill(DROPPED_PICTURE.alt);
  await dialog.getByLabel('Caption (optional)').fill(DROPPED_PICTURE.caption);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  const image = editor.locator(`figure img[alt="${DROPPED_PICTURE.alt}"]`);
  await expect.poll(() => image.count()).toBe(1);
  expect(await editor.locator('figure figcaption').innerText()).toBe(DROPPED_PICTURE.caption);
  expect(await editor.locator('img[alt="harbour at dawn"]').count()).toBe(0);
  const order = await editor.evaluate((root) => Array.from(root.children).map((child) => `${child.tagName}:${child.textContent ?? ''}`));
  expect(order.slice(0, 3)).toEqual(['P:Before the picture.', `FIGURE:${DROPPED_PICTURE.caption}`, 'P:After the picture.']);
  return image;
}

/** After Create Story: the page moved to the new story, which has the title and the dropped image, and the image is served. */
export async function expectPhotoStoryCreated(page: Page, token: string, title: string, src: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/story/') && url.pathname !== '/story/new');
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  const story = (await apiCall<Story>(`/api/stories/slug/${slug}`, { token })).body;
  expect(story.title).toBe(title);
  expect(story.content).toContain(
    `<figure><img src="${src}" alt="${DROPPED_PICTURE.alt}"><figcaption>${DROPPED_PICTURE.caption}</figcaption></figure>`,
  );
  const served = await fetch(new URL(src, site().baseUrl));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
}

export interface FrameRate {
  /** Frames the video presented per second of wall time over the window. */
  fps: number;
  /**
   * Frames presented per second the video was playing (media time advanced, at most the window):
   * a clock that runs while frames are missing shows here, a wait for data on a loaded machine does not.
   */
  fpsWhilePlaying: number;
  /** Seconds of media played over the window, and the window. */
  advanced: number;
  seconds: number;
  dropped: number;
}

/**
 * How smoothly a playing video plays: frames presented (`getVideoPlaybackQuality()`) and media
 * time advanced over `ms` of wall time. currentTime alone is not enough: a MediaSource fed
 * MediaRecorder's MP4 as it is advances its clock while showing 1 to 10 frames a second (issue 18).
 */
export function frameRate(page: Page, selector: string, ms = 4000): Promise<FrameRate> {
  return page.evaluate(
    async ({ css, window: wait }) => {
      const video = document.querySelector<HTMLVideoElement>(css);
      if (!video) throw new Error(`no video matches ${css}`);
      const before = video.getVideoPlaybackQuality();
      const t0 = performance.now();
      const time0 = video.currentTime;
      await new Promise((resolve) => setTimeout(resolve, wait));
      const after = video.getVideoPlaybackQuality();
      const seconds = (performance.now() - t0) / 1000;
      const frames = after.totalVideoFrames - before.totalVideoFrames;
      const advanced = video.currentTime - time0;
      const playing = Math.min(advanced, seconds);
      return {
        fps: frames / seconds,
        fpsWhilePlaying: playing > 0 ? frames / playing : 0,
        advanced,
        seconds,
        dropped: after.droppedVideoFrames - before.droppedVideoFrames,
      };
    },
    { css: selector, window: ms },
  );
}
