import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { ActiveLiveStream, LiveStream } from '../../src/domain/live-video/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import type { LiveManifest } from '../../src/media/live-protocol.ts';
import { ffmpegDecodeErrors, ffprobe, ffprobeBytes, hasFfprobe } from '../support/ffprobe.ts';
import { expect, test } from './support/browser.ts';
import { emulateIphoneMediaSource, holdManagedMediaSource, managedMediaSourceRecord } from './support/iphone-media-source.ts';
import { expectNotice, frameRate, playAndSeek, videoState, type FrameRate } from './support/media.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { openLiveTab, readerPage } from './support/live.ts';
import { createReporterViaApi, unique, uniqueUsername } from './support/staff.ts';
import { loopMp4Recording } from '../../scripts/bench/live/mp4-looper.ts';
import { BenchPublisher } from '../../scripts/bench/live/publisher.ts';
import { PublishedStream } from '../../scripts/bench/live/stream-follower.ts';

/**
 * Live video for every reader's device (issue 18): the reporter's Chromium records fragmented MP4
 * (H.264 + Opus); readers watch it with MediaSource, and as an iPhone does, with ManagedMediaSource
 * and no MediaSource at all; standard players read its HLS playlist (hls.js in the page, ffprobe
 * from outside); the recording is one MP4. Frame rates are measured, not only currentTime: fed the
 * recorder's fragments as they are, MediaSource shows 1 to 10 frames a second while its clock runs.
 * A reporter whose browser records only WebM (Firefox) still goes live as before.
 */

const LIVE_VIDEO = 'video[aria-label^="Live video"]';
/** The fake camera gives 20 frames a second; the recorder's short-sample quirk left 2 (decision 040). */
const SMOOTH_FPS = 12;
const require = createRequire(import.meta.url);
const HLS_JS = require.resolve('hls.js/dist/hls.min.js');

async function manifest(streamId: number): Promise<LiveManifest> {
  return (await apiCall<LiveManifest>(`/api/streams/${streamId}/live`)).body;
}

/**
 * Time advancing (most of the window) and, while it does, frames at about the camera's rate; logs
 * what it measured. The rate counts the seconds played, not the window: a player that waits a
 * moment for data on a loaded machine shows no fewer frames while it plays.
 */
function expectSmooth(rate: FrameRate, what: string): void {
  console.log(
    `${what}: ${rate.fps.toFixed(1)} frames/s (${rate.fpsWhilePlaying.toFixed(1)} while playing), ${rate.advanced.toFixed(2)} s of video in ${rate.seconds.toFixed(2)} s, ${rate.dropped} dropped`,
  );
  expect(rate.advanced).toBeGreaterThan(rate.seconds * 0.6);
  expect(rate.fpsWhilePlaying).toBeGreaterThan(SMOOTH_FPS);
}

/** Plays on its own, time advancing, at a frame rate the camera's. */
async function expectSmoothPlayback(reader: Page, what: string): Promise<void> {
  await expect.poll(async () => (await videoState(reader, LIVE_VIDEO))?.currentTime ?? 0, { timeout: 30_000 }).toBeGreaterThan(0.5);
  expectSmooth(await frameRate(reader, LIVE_VIDEO), what);
}

/** A partner's page on another origin (a port of its own): a video element and hls.js, nothing else. */
async function partnerSite(): Promise<{ url: string; close: () => void }> {
  const hlsJs = readFileSync(HLS_JS);
  const server = createServer((req, res) => {
    if (req.url === '/hls.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(hlsJs);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><title>Partner player</title><script src="/hls.min.js"></script><video id="partner" muted playsinline></video>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

async function bytesOf(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(`${site().baseUrl}${url}`)).arrayBuffer());
}

describe.sequential('live video for every device', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await apiLogin(site().admin);
  });

  test('a reporter goes live in MP4; readers watch with MediaSource and as an iPhone does, smoothly; the recording is an MP4 of the time on air', async ({
    browser,
    page,
    pageErrors,
  }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('mp4anchor'));
    await openLiveTab(page, reporter);
    const title = unique('Harbour fire');
    await page.getByLabel('Stream Title').fill(title);
    await page.getByRole('button', { name: 'Start Camera' }).click();
    await expectNotice(page, 'Camera started', 'Ready to begin streaming');
    await page.getByRole('button', { name: 'Start Live Stream' }).click();
    await expectNotice(page, 'Stream started', 'You are now live! Video is being recorded.');
    const liveAt = Date.now();
    const streamId = Number(await page.getByTestId('stream-id').innerText());
    // This Chromium records H.264 with Opus in fragmented MP4, and the server says so.
    await expect
      .poll(async () => (await manifest(streamId)).mimeType, { timeout: 15_000 })
      .toMatch(/^video\/mp4; codecs="avc1\.[0-9a-f]{6},opus"$/);
    const listed = (await apiCall<ActiveLiveStream[]>('/api/streams/active', { token: adminToken })).body.find(
      (stream) => stream.id === streamId,
    )!;

    const errors: string[] = [];
    const desktop = await readerPage(browser, errors);
    const iphone = await readerPage(browser, errors, emulateIphoneMediaSource);
    try {
      await desktop.goto(`/story/${listed.slug}`);
      await expectSmoothPlayback(desktop, 'MP4 live, MediaSource');

      await iphone.goto(`/story/${listed.slug}`);
      expect(await iphone.evaluate(() => typeof (window as unknown as { MediaSource?: unknown }).MediaSource)).toBe('undefined');
      await expectSmoothPlayback(iphone, 'MP4 live, ManagedMediaSource (iPhone)');
      expect(await managedMediaSourceRecord(iphone)).toMatchObject({
        created: 1,
        opened: 1,
        refusedWithoutDisableRemotePlayback: 0,
        streaming: true,
      });
      expect(await iphone.evaluate((css) => document.querySelector<HTMLVideoElement>(css)!.disableRemotePlayback, LIVE_VIDEO)).toBe(true);

      // Safari stops wanting data for 4 s: no new request for media meanwhile; then it plays on.
      const spans: number[] = [];
      iphone.on('request', (request) => {
        if (/\/live\/(from\/\d+|start)/.test(request.url())) spans.push(Date.now());
      });
      const heldAt = Date.now();
      await holdManagedMediaSource(iphone, 4000);
      await iphone.waitForTimeout(4000);
      expect((await managedMediaSourceRecord(iphone)).endstreaming).toBeGreaterThanOrEqual(1);
      // A span asked before the hold may still be read; nothing new starts while it lasts (but a second's slack).
      expect(spans.filter((at) => at > heldAt + 1000 && at < heldAt + 3900)).toEqual([]);
      await expect.poll(() => spans.filter((at) => at >= heldAt + 3900).length, { timeout: 15_000 }).toBeGreaterThan(0);
      await expectSmoothPlayback(iphone, 'MP4 live, ManagedMediaSource after Safari held it');

      const endedAt = Date.now();
      await page.getByRole('button', { name: 'End Stream' }).click();
      await expectNotice(page, 'Stream ended', 'Your live stream has been stopped and video saved');
      const story = (await apiCall<Story>(`/api/stories/slug/${listed.slug}`)).body;
      expect(story).toMatchObject({ isLive: false, status: 'published' });
      expect(story.videoUrl).toMatch(/^\/media\/streams\/.+\.mp4$/);

      // The readers' pages switch to the recording, which plays and seeks, iPhone included.
      for (const reader of [desktop, iphone]) {
        await expect.poll(() => reader.locator(`video[src="${story.videoUrl}"]`).count(), { timeout: 15_000 }).toBe(1);
        const recording = await playAndSeek(reader, `video[src="${story.videoUrl}"]`);
        expect(Number.isFinite(recording.duration)).toBe(true);
        expect(Math.abs(recording.seekedTo - recording.target)).toBeLessThan(0.5);
        expect(recording.advanced).toBeGreaterThan(0.3);
      }
      const recording = await playAndSeek(desktop, `video[src="${story.videoUrl}"]`);
      const onAir = (endedAt - liveAt) / 1000;
      console.log(
        `MP4 live: on air ${onAir.toFixed(2)} s (from "Stream started" to "End Stream"); the recording lasts ${recording.duration.toFixed(2)} s`,
      );
      expect(Math.abs(recording.duration - onAir)).toBeLessThan(1.5);

      if (await hasFfprobe()) {
        const bytes = await bytesOf(story.videoUrl!);
        const probe = await ffprobeBytes(bytes);
        console.log(
          `ffprobe of the recording: ${probe.format.format_name}, ${probe.format.duration} s, ${probe.streams.map((s) => `${s.codec_type} ${s.codec_name}${s.profile ? ` (${s.profile})` : ''}${s.width ? ` ${s.width}x${s.height}` : ''}`).join(', ')}`,
        );
        expect(probe.complaints).toBe('');
        expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
        expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('opus');
        // The file says as much itself (ffprobe reads mvhd; Chromium also looks at each track, which can end a frame apart).
        expect(Math.abs(Number(probe.format.duration) - onAir)).toBeLessThan(1.5);
      }
      expect(errors).toEqual([]);
    } finally {
      await desktop.context().close();
      await iphone.context().close();
    }
    expect(pageErrors).toEqual([]);
  });

  test('standard players take an MP4 stream’s HLS playlist: hls.js in Chromium plays it smoothly, ffprobe reads it live and after the end', async ({
    page,
    pageErrors,
  }) => {
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('hls'));
    const token = await apiLogin(reporter);
    const started = await apiCall<LiveStream>('/api/streams/start', {
      method: 'POST',
      token,
      json: { title: unique('Ferry on the rocks') },
    });
    expect(started.status).toBe(201);
    const streamId = started.body.id;
    const fixture = new Uint8Array(readFileSync(new URL('../fixtures/camera-h264-opus.mp4', import.meta.url)));
    const sizes = JSON.parse(readFileSync(new URL('../fixtures/camera-h264-opus.chunks.json', import.meta.url), 'utf8')) as number[];
    const looped = loopMp4Recording(fixture, sizes, 4);
    const stream = new PublishedStream(looped.chunks, looped.init.length);
    const publisher = await BenchPublisher.connect(site().baseUrl, streamId, token, stream);
    // The recorder's pace: a chunk a second, while the readers watch.
    const publishing = (async () => {
      for (let k = 0; k < stream.chunkEnds.length; k++) {
        await publisher.send(k);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const playlistUrl = `${site().baseUrl}/api/streams/${streamId}/live.m3u8`;
    await expect
      .poll(async () => (await fetch(playlistUrl).then((res) => res.text())).match(/#EXTINF/g)?.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);

    // A partner's site, on an origin of its own, playing the feed with hls.js (pinned in package.json).
    const partner = await partnerSite();
    await page.goto(partner.url);
    const support = await page.evaluate((url) => {
      const Hls = (
        window as unknown as {
          Hls: {
            isSupported(): boolean;
            new (config: object): {
              loadSource(url: string): void;
              attachMedia(video: HTMLVideoElement): void;
              on(event: string, fn: (event: string, data: { fatal?: boolean; details?: string }) => void): void;
            };
          };
        }
      ).Hls;
      const errors: string[] = [];
      (window as unknown as { hlsErrors: string[] }).hlsErrors = errors;
      if (!Hls.isSupported()) return false;
      const hls = new Hls({ lowLatencyMode: true });
      hls.on('hlsError', (_event, data) => {
        if (data.fatal) errors.push(data.details ?? 'fatal');
      });
      const video = document.getElementById('partner') as HTMLVideoElement;
      hls.loadSource(url);
      hls.attachMedia(video);
      void video.play().catch(() => undefined);
      return true;
    }, playlistUrl);
    expect(support).toBe(true);
    await expect.poll(async () => (await videoState(page, '#partner'))?.currentTime ?? 0, { timeout: 30_000 }).toBeGreaterThan(0.5);
    expectSmooth(await frameRate(page, '#partner'), 'HLS live, hls.js');
    expect(await page.evaluate(() => (window as unknown as { hlsErrors: string[] }).hlsErrors)).toEqual([]);

    const probing = await hasFfprobe();
    if (probing) {
      const live = await ffprobe(playlistUrl);
      console.log(
        `ffprobe of live.m3u8 while live: ${live.format.format_name}, ${live.streams.map((s) => `${s.codec_type} ${s.codec_name}`).join(', ')}`,
      );
      expect(live.format.format_name).toBe('hls');
      expect(live.streams.map((s) => s.codec_name).sort()).toEqual(['h264', 'opus']);
    }

    await publishing;
    publisher.close();
    await expect.poll(async () => (await manifest(streamId)).videoUrl, { timeout: 30_000 }).toMatch(/\.mp4$/);
    // The playlist is cached for a second, like the manifest.
    await expect
      .poll(async () => (await fetch(playlistUrl).then((res) => res.text())).trimEnd().endsWith('#EXT-X-ENDLIST'), { timeout: 5000 })
      .toBe(true);
    if (probing) {
      const vod = await ffprobe(playlistUrl);
      console.log(
        `ffprobe of live.m3u8 after the end: ${vod.format.format_name}, ${vod.format.duration} s, ${vod.streams.map((s) => `${s.codec_type} ${s.codec_name}`).join(', ')}`,
      );
      expect(vod.streams.map((s) => s.codec_name).sort()).toEqual(['h264', 'opus']);
      expect(Number(vod.format.duration)).toBeGreaterThan(30);
      expect(await ffmpegDecodeErrors(playlistUrl)).toBe('');
    }
    partner.close();
    expect(pageErrors).toEqual([]);
  });

  test('a reporter whose browser records only WebM (Firefox) goes live as before: readers watch smoothly, HLS says not_hls, the recording is a seekable WebM', async ({
    browser,
    page,
    pageErrors,
  }) => {
    // Firefox's MediaRecorder makes no MP4.
    await page.addInitScript(() => {
      const native = MediaRecorder.isTypeSupported.bind(MediaRecorder);
      MediaRecorder.isTypeSupported = (type: string) => !type.startsWith('video/mp4') && native(type);
    });
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('webmanchor'));
    await openLiveTab(page, reporter);
    await page.getByLabel('Stream Title').fill(unique('Tram derailed'));
    await page.getByRole('button', { name: 'Start Live Stream' }).click();
    await expectNotice(page, 'Stream started', 'You are now live! Video is being recorded.');
    const streamId = Number(await page.getByTestId('stream-id').innerText());
    await expect
      .poll(async () => (await manifest(streamId)).mimeType, { timeout: 15_000 })
      .toMatch(/^video\/webm; codecs="(vp9,opus|opus,vp9)"$/);
    const refused = await apiCall<{ error: { code: string } }>(`/api/streams/${streamId}/live.m3u8`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('not_hls');
    const listed = (await apiCall<ActiveLiveStream[]>('/api/streams/active', { token: adminToken })).body.find(
      (stream) => stream.id === streamId,
    )!;

    const errors: string[] = [];
    const reader = await readerPage(browser, errors);
    try {
      await reader.goto(`/story/${listed.slug}`);
      await expectSmoothPlayback(reader, 'WebM live, MediaSource');
      await page.getByRole('button', { name: 'End Stream' }).click();
      await expectNotice(page, 'Stream ended', 'Your live stream has been stopped and video saved');
      const story = (await apiCall<Story>(`/api/stories/slug/${listed.slug}`)).body;
      expect(story.videoUrl).toMatch(/^\/media\/streams\/.+\.webm$/);
      await expect.poll(() => reader.locator(`video[src="${story.videoUrl}"]`).count(), { timeout: 15_000 }).toBe(1);
      const recording = await playAndSeek(reader, `video[src="${story.videoUrl}"]`);
      expect(Number.isFinite(recording.duration)).toBe(true);
      expect(Math.abs(recording.seekedTo - recording.target)).toBeLessThan(0.5);
      expect(errors).toEqual([]);
    } finally {
      await reader.context().close();
    }
    expect(pageErrors).toEqual([]);
  });
});
