import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { ActiveLiveStream, LiveStream } from '../../src/domain/live-video/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/browser.ts';
import { anyScriptContains, expectNotice, playAndSeek, scriptsLoaded, videoState } from './support/media.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { openLiveTab, readerPage } from './support/live.ts';
import { createReporterViaApi, unique, uniqueUsername } from './support/staff.ts';
import { loopedFixture } from '../../scripts/bench/live/live-bench.ts';
import { BenchPublisher } from '../../scripts/bench/live/publisher.ts';
import { PublishedStream } from '../../scripts/bench/live/stream-follower.ts';

/**
 * Live streams (docs/product/screens.md, docs/product/rules.md, docs/product/notices.md; issues 5 and 11): a reporter goes live from the Live
 * Stream tab with the fake camera; a reader in another browser context finds it through the home
 * page's "Watch Live" and watches it play (segments over HTTP, decision 025); ending publishes the
 * story with the recording. The reporter's connection dropping and coming back does not stop the
 * readers or lose any of the recording, and a reader joining late starts mid-stream. Closing the
 * reporter's page mid-stream keeps what was recorded up to then.
 */

const LIVE_VIDEO = 'video[aria-label^="Live video"]';
/** A string only the live player's code holds (its failure log line). */
const LIVE_CODE_MARKER = 'live playback failed';

/** Keeps every WebSocket the page opens in `window.__liveSockets`, so a test can cut the publisher's. */
async function trackSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const sockets: WebSocket[] = [];
    (window as unknown as { __liveSockets: WebSocket[] }).__liveSockets = sockets;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    };
  });
}

/** The reader's live video time, once it has started and moved on by more than `by` seconds from `from`. */
async function playsOnFrom(reader: Page, from: number, by = 1): Promise<number> {
  await expect.poll(async () => (await videoState(reader, LIVE_VIDEO))?.currentTime ?? 0, { timeout: 20_000 }).toBeGreaterThan(from + by);
  return (await videoState(reader, LIVE_VIDEO))!.currentTime;
}

/** The stream in the active list, read fresh (signed in: anonymous reads of the list come from the edge cache). */
async function activeStream(id: number, token: string): Promise<ActiveLiveStream | undefined> {
  return (await apiCall<ActiveLiveStream[]>('/api/streams/active', { token })).body.find((stream) => stream.id === id);
}

describe.sequential('live streams', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await apiLogin(site().admin);
  });

  test('a reporter goes live, a reader watches through "Watch Live", the viewer count reads 1, and ending publishes the recording', async ({
    browser,
    page,
    pageErrors,
  }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('anchor'));
    await openLiveTab(page, reporter);

    // A stream needs a title.
    await page.getByRole('button', { name: 'Start Live Stream' }).click();
    await expectNotice(page, 'Title required', 'Please enter a title for your stream');

    const title = unique('Levee watch');
    await page.getByLabel('Stream Title').fill(title);
    await page.getByRole('button', { name: 'Start Camera' }).click();
    await expectNotice(page, 'Camera started', 'Ready to begin streaming');

    const goLiveAt = Date.now();
    await page.getByRole('button', { name: 'Start Live Stream' }).click();
    await expectNotice(page, 'Stream started', 'You are now live! Video is being recorded.');
    expect(await page.getByText('RECORDING', { exact: true }).count()).toBe(1);
    const streamId = Number(await page.getByTestId('stream-id').innerText());
    expect(streamId).toBeGreaterThan(0);
    const listed = await activeStream(streamId, adminToken);
    expect(listed).toMatchObject({ title, isActive: true });

    // A reader, in a browser context of its own, follows "Watch Live" from the home page.
    const readerErrors: string[] = [];
    const reader = await readerPage(browser, readerErrors);
    try {
      await reader.goto('/');
      await reader.waitForLoadState('networkidle');
      await reader.getByRole('button', { name: 'Watch Live' }).click();
      await reader.waitForURL(`**/story/${listed!.slug}`);
      await expect.poll(() => reader.getByRole('heading', { name: title }).count(), { timeout: 15_000 }).toBe(1);

      // Playing on its own (muted), time advancing while the stream is live.
      await expect.poll(async () => (await videoState(reader, LIVE_VIDEO))?.currentTime ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
      const first = (await videoState(reader, LIVE_VIDEO))!;
      await reader.waitForTimeout(2000);
      const second = (await videoState(reader, LIVE_VIDEO))!;
      expect(second).toMatchObject({ paused: false, muted: true });
      expect(second.width).toBeGreaterThan(0);
      expect(second.currentTime - first.currentTime).toBeGreaterThan(1);
      // How far behind the camera the reader is (an upper bound: the clock started before the stream was created).
      const delay = (Date.now() - goLiveAt) / 1000 - second.currentTime;
      console.log(`live: the reader is ${delay.toFixed(2)} s behind the camera`);
      expect(delay).toBeLessThan(8);

      // The viewer count: the reader's page, the reporter's panel and the active list agree on 1.
      // The reader's page reads the count every 10 s (LIVE_MANIFEST_EVERY_MS, decision 044).
      await expect.poll(() => reader.getByTestId('live-viewers').innerText(), { timeout: 15_000 }).toBe('1 watching');
      await expect.poll(() => page.locator('.live-facts').innerText()).toContain('1 watching');
      await expect.poll(async () => (await activeStream(streamId, adminToken))?.viewers).toBe(1);
      expect(await seriousViolations(page), 'reporter live').toEqual([]);
      expect(await seriousViolations(reader), 'reader watching').toEqual([]);
      // The player's code came with the live story (and, below, not with other pages).
      expect(await anyScriptContains(await scriptsLoaded(reader), LIVE_CODE_MARKER)).toBe(true);

      // The unmute control turns the sound on.
      await reader.getByRole('button', { name: 'Unmute' }).click();
      expect((await videoState(reader, LIVE_VIDEO))!.muted).toBe(false);

      // The reporter ends the stream: the recording is saved and the story published with it.
      await page.getByRole('button', { name: 'End Stream' }).click();
      await expectNotice(page, 'Stream ended', 'Your live stream has been stopped and video saved');
      await expect.poll(() => page.getByText('Video saved', { exact: true }).count()).toBe(1);
      expect(await page.getByText('Stream recording uploaded successfully', { exact: true }).count()).toBe(1);
      expect(await seriousViolations(page), 'reporter ended').toEqual([]);
      expect(await activeStream(streamId, adminToken)).toBeUndefined();

      const story = (await apiCall<Story>(`/api/stories/slug/${listed!.slug}`)).body;
      expect(story).toMatchObject({ title, status: 'published', isLive: false });
      expect(story.videoUrl).toMatch(/^\/media\//);

      // The reader's page switches to the recording, which plays with a finite duration and seeks.
      await expect.poll(() => reader.locator(`video[src="${story.videoUrl}"]`).count(), { timeout: 15_000 }).toBe(1);
      expect(await reader.locator(LIVE_VIDEO).count()).toBe(0);
      const recording = await playAndSeek(reader, `video[src="${story.videoUrl}"]`);
      expect(Number.isFinite(recording.duration), `recording duration ${recording.duration}`).toBe(true);
      expect(recording.duration).toBeGreaterThan(3);
      expect(Math.abs(recording.seekedTo - recording.target)).toBeLessThan(0.5);
      expect(recording.advanced).toBeGreaterThan(0.3);
      console.log(`live: the recording lasts ${recording.duration.toFixed(2)} s and seeks to ${recording.seekedTo.toFixed(2)} s`);
      expect(readerErrors).toEqual([]);
    } finally {
      await reader.context().close();
    }
    expect(pageErrors).toEqual([]);
  });

  test('the reporter’s connection drops and comes back: readers keep playing, a late reader joins mid-stream, and the recording is whole', async ({
    browser,
    page,
    pageErrors,
  }) => {
    await trackSockets(page);
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('flaky'));
    await openLiveTab(page, reporter);
    const title = unique('Bridge closed in the storm');
    await page.getByLabel('Stream Title').fill(title);
    await page.getByRole('button', { name: 'Start Live Stream' }).click();
    await expectNotice(page, 'Stream started', 'You are now live! Video is being recorded.');
    const liveAt = Date.now();
    const streamId = Number(await page.getByTestId('stream-id').innerText());
    const listed = (await activeStream(streamId, adminToken))!;

    const readerErrors: string[] = [];
    const reader = await readerPage(browser, readerErrors);
    let late: Page | null = null;
    try {
      await reader.goto(`/story/${listed.slug}`);
      const before = await playsOnFrom(reader, 0, 0);

      // The network drops under the reporter: the publisher's socket dies, new ones cannot connect for a while.
      await page.context().setOffline(true);
      const cut = await page.evaluate(() => {
        const sockets = (window as unknown as { __liveSockets: WebSocket[] }).__liveSockets.filter(
          (ws) => ws.readyState === WebSocket.OPEN,
        );
        for (const ws of sockets) ws.close(4000, 'network lost (test)');
        return sockets.length;
      });
      expect(cut).toBe(1);
      await page.waitForTimeout(3000);
      await page.context().setOffline(false);
      // It comes back by itself (a new socket) and resumes where the room's bytes end; readers go on from where they were.
      const reconnected = () =>
        page.evaluate(
          () => (window as unknown as { __liveSockets: WebSocket[] }).__liveSockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
        );
      await expect.poll(reconnected, { timeout: 20_000 }).toBe(1);
      await expect
        .poll(async () => (await apiCall<{ publisher: boolean }>(`/api/streams/${streamId}/live`)).body.publisher, { timeout: 20_000 })
        .toBe(true);
      const after = await playsOnFrom(reader, before, 2);
      expect((await videoState(reader, LIVE_VIDEO))!.paused).toBe(false);

      // A reader arriving now starts mid-stream (at a keyframe) and plays on; the count reaches 2.
      late = await readerPage(browser, readerErrors);
      await late.goto(`/story/${listed.slug}`);
      const lateStart = await playsOnFrom(late, 0, 0);
      await playsOnFrom(late, lateStart, 1);
      await expect.poll(() => late!.getByTestId('live-viewers').innerText(), { timeout: 20_000 }).toBe('2 watching');
      await expect.poll(() => page.locator('.live-facts').innerText(), { timeout: 20_000 }).toContain('2 watching');
      expect(after).toBeGreaterThan(before);

      const endedAt = Date.now();
      await page.getByRole('button', { name: 'End Stream' }).click();
      await expectNotice(page, 'Stream ended', 'Your live stream has been stopped and video saved');
      // The manifest is an edge-cached read of up to 1 s (docs/decisions/025), so "ended" shows within it.
      await expect
        .poll(async () => (await apiCall<{ state: string }>(`/api/streams/${streamId}/live`)).body.state, { timeout: 5_000 })
        .toBe('ended');
      const story = (await apiCall<Story>(`/api/stories/slug/${listed.slug}`)).body;
      expect(story).toMatchObject({ isLive: false, status: 'published' });

      // Whole: the recording covers the time on air, the drop included (the camera kept recording meanwhile).
      await expect.poll(() => reader.locator(`video[src="${story.videoUrl}"]`).count(), { timeout: 15_000 }).toBe(1);
      const recording = await playAndSeek(reader, `video[src="${story.videoUrl}"]`);
      const onAir = (endedAt - liveAt) / 1000;
      console.log(`dropped and back: on air ${onAir.toFixed(2)} s; the recording lasts ${recording.duration.toFixed(2)} s`);
      expect(Number.isFinite(recording.duration)).toBe(true);
      expect(recording.duration).toBeGreaterThan(onAir - 2.5);
      expect(Math.abs(recording.seekedTo - recording.target)).toBeLessThan(0.5);
      expect(readerErrors).toEqual([]);
    } finally {
      await late?.context().close();
      await reader.context().close();
    }
    expect(pageErrors).toEqual([]);
  });

  test('readers of the home page and of a story that is not live download no live-player code', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const story = (await apiCall<Story[]>('/api/stories?status=published&limit=20')).body.find((candidate) => !candidate.isLive)!;
    await page.goto(`/story/${story.slug}`);
    await expect.poll(() => page.getByRole('heading', { name: story.title }).count(), { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    const scripts = await scriptsLoaded(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(await anyScriptContains(scripts, LIVE_CODE_MARKER)).toBe(false);
  });

  test('closing the reporter’s page mid-stream keeps everything recorded up to then', async ({ page }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('dropped'));
    const token = await openLiveTab(page, reporter);
    const title = unique('Storm cuts the power');
    await page.getByLabel('Stream Title').fill(title);
    const goLiveAt = Date.now();
    // Going live starts the camera first when it is off.
    await page.getByRole('button', { name: 'Start Live Stream' }).click();
    await expectNotice(page, 'Stream started', 'You are now live! Video is being recorded.');
    const liveAt = Date.now();
    const streamId = Number(await page.getByTestId('stream-id').innerText());
    await page.waitForTimeout(6000);

    // The tab goes away without ending the stream.
    const closedAt = Date.now();
    await page.close();

    // The server keeps the stream open for the reporter to come back (LIVE_GRACE_SECONDS)...
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await activeStream(streamId, adminToken)).toMatchObject({ isActive: true });
    // ...and ending it, as its reporter (instead of waiting out the grace period), keeps what was sent.
    const ended = await apiCall<LiveStream>(`/api/streams/${streamId}/end`, { method: 'POST', token });
    expect(ended.status).toBe(200);
    expect(ended.body.isActive).toBe(false);
    const story = (await apiCall<Story>(`/api/stories/${ended.body.storyId}`)).body;
    expect(story).toMatchObject({ title, status: 'published', isLive: false });
    expect(story.videoUrl).toMatch(/^\/media\//);

    const viewer = await page.context().newPage();
    await viewer.goto(`/story/${story.slug}`);
    await expect.poll(() => viewer.getByRole('heading', { name: title }).count(), { timeout: 15_000 }).toBe(1);
    const recording = await playAndSeek(viewer, `video[src="${story.videoUrl}"]`);
    const onAir = (closedAt - liveAt) / 1000;
    const upperBound = (closedAt - goLiveAt) / 1000;
    console.log(`dropped: on air ${onAir.toFixed(2)} s before the page closed; the recording lasts ${recording.duration.toFixed(2)} s`);
    expect(Number.isFinite(recording.duration)).toBe(true);
    // Everything up to the close, less at most the chunk in flight (1-second chunks).
    expect(recording.duration).toBeGreaterThan(onAir - 2);
    expect(recording.duration).toBeLessThan(upperBound + 1);
    expect(Math.abs(recording.seekedTo - recording.target)).toBeLessThan(0.5);
  });

  test('a browser that cannot play the live stream gets a notice, then a link to the recording once the stream ends', async ({
    page,
    pageErrors,
  }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('nomse'));
    const token = await apiLogin(reporter);
    const title = unique('Bridge closed');
    const started = await apiCall<LiveStream>('/api/streams/start', { method: 'POST', token, json: { title } });
    expect(started.status).toBe(201);
    const slug = (await activeStream(started.body.id, token))!.slug;
    // The reporter's side from Node: the camera fixture, one chunk a second.
    const looped = await loopedFixture(1);
    const stream = new PublishedStream(looped.chunks, looped.init.length);
    const publisher = await BenchPublisher.connect(site().baseUrl, started.body.id, token, stream);
    await publisher.send(0);
    await publisher.send(1);

    // A browser whose Media Source Extensions cannot play WebM.
    await page.addInitScript(() => {
      if (typeof MediaSource !== 'undefined') MediaSource.isTypeSupported = () => false;
    });
    await page.goto(`/story/${slug}`);
    await expect
      .poll(
        () =>
          page.getByText('This browser cannot play live video. A link to the recording appears here as soon as the stream ends.').count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Watch the recording' }).count()).toBe(0);

    for (let k = 2; k < stream.chunkEnds.length; k++) await publisher.send(k);
    // A normal close ends the stream and stores the recording.
    publisher.close();
    await expect.poll(() => page.getByText('The live stream has ended. Its recording is ready.').count(), { timeout: 30_000 }).toBe(1);
    const story = (await apiCall<Story>(`/api/stories/${started.body.storyId}`)).body;
    expect(story.videoUrl).toMatch(/^\/media\//);
    expect(await page.getByRole('link', { name: 'Watch the recording' }).getAttribute('href')).toBe(story.videoUrl);
    expect(pageErrors).toEqual([]);
  });
});
