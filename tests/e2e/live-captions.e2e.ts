import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, inject } from 'vitest';
import type { ActiveLiveStream, LiveStream } from '../../src/domain/live-video/entities.ts';
import { readBoxHeader } from '../../src/media/mp4/boxes.ts';
import { expect, test } from './support/browser.ts';
import { emulateIphoneMediaSource } from './support/iphone-media-source.ts';
import { readerPage } from './support/live.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, unique, uniqueUsername } from './support/staff.ts';
import { BenchPublisher } from '../../scripts/bench/live/publisher.ts';
import { PublishedStream } from '../../scripts/bench/live/stream-follower.ts';

/**
 * Live captions (issue 39, decision 128): a camera speaking (espeak-ng phrases in a fragmented MP4,
 * made by the stand-in transcriber the site is given) goes live at a fragment a second. A partner's
 * page plays master.m3u8 with hls.js: its subtitleTracks fill from the SUBTITLES rendition and the
 * cues arrive in the video's TextTrack; the site's own players (MediaSource, and ManagedMediaSource
 * as an iPhone's) get the same cues in their captions TextTrack.
 */
const require = createRequire(import.meta.url);
const HLS_JS = require.resolve('hls.js/dist/hls.min.js');
const SHOTS = '/work/notes/shots/39';
/** About 75 s of speech: the journey watches it while it is on air. */
const PHRASES = [0, 1, 4, 0, 1, 4, 0, 1, 4, 0, 1, 4, 0, 1, 4, 0, 1, 4, 0, 1, 4, 0, 1, 4];
const BRIDGE = 'The harbour bridge is closed tonight.';

/** The stream cut as a camera sends it: the init segment with the first fragment, then a fragment a chunk. */
function fragments(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let start = 0;
  let moofs = 0;
  for (let pos = 0; pos < bytes.length;) {
    const header = readBoxHeader(bytes, pos)!;
    if (header.type === 'moof' && moofs++ > 0) {
      chunks.push(bytes.subarray(start, pos));
      start = pos;
    }
    pos += header.size ?? bytes.length - pos;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

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
      '<!doctype html><title>Partner player</title><style>body{margin:0;background:#111}video{width:640px;height:480px}</style><script src="/hls.min.js"></script><video id="partner" muted playsinline></video>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** The cues of `video`'s captions or subtitles tracks, with their times. */
function cuesOf(page: Page, selector: string) {
  return page.evaluate((css) => {
    const video = document.querySelector<HTMLVideoElement>(css)!;
    return Array.from(video.textTracks)
      .filter((track) => track.kind === 'captions' || track.kind === 'subtitles')
      .flatMap((track) =>
        Array.from(track.cues ?? []).map((cue) => ({
          label: track.label,
          start: cue.startTime,
          end: cue.endTime,
          text: (cue as VTTCue).text,
        })),
      );
  }, selector);
}

function modes(page: Page, selector: string) {
  return page.evaluate((css) => Array.from(document.querySelector<HTMLVideoElement>(css)!.textTracks).map((track) => track.mode), selector);
}

/** Shows `video`'s captions track (what the CC button does) and waits until a cue is on screen, for the screenshot. */
async function showCaptions(page: Page, selector: string): Promise<void> {
  await page.evaluate((css) => {
    const video = document.querySelector<HTMLVideoElement>(css)!;
    for (const track of Array.from(video.textTracks)) if (track.kind === 'captions' || track.kind === 'subtitles') track.mode = 'showing';
  }, selector);
  await expect
    .poll(
      () =>
        page.evaluate((css) => {
          const video = document.querySelector<HTMLVideoElement>(css)!;
          return Array.from(video.textTracks).some((track) => track.mode === 'showing' && (track.activeCues?.length ?? 0) > 0);
        }, selector),
      { timeout: 40_000 },
    )
    .toBe(true);
}

describe('live captions', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await apiLogin(site().admin);
    mkdirSync(SHOTS, { recursive: true });
  });

  test('hls.js fills subtitleTracks from master.m3u8 and its cues arrive; the site’s MediaSource and iPhone players show the same cues', async ({
    page,
    pageErrors,
    browser,
  }) => {
    const made = await fetch(`${inject('transcriberOrigin')}/_stand-in/video?phrases=${PHRASES.join(',')}&container=fmp4`);
    expect(made.status).toBe(200);
    const video = new Uint8Array(await made.arrayBuffer());
    const phrases = JSON.parse(decodeURIComponent(made.headers.get('x-phrases')!)) as { text: string; start: number; end: number }[];

    const reporter = await createReporterViaApi(adminToken, uniqueUsername('captions'));
    const token = await apiLogin(reporter);
    const started = await apiCall<LiveStream>('/api/streams/start', { method: 'POST', token, json: { title: unique('Bridge closed') } });
    expect(started.status).toBe(201);
    const streamId = started.body.id;
    const chunks = fragments(video);
    const stream = new PublishedStream(chunks, 0);
    const publisher = await BenchPublisher.connect(site().baseUrl, streamId, token, stream);
    // The camera's pace: a fragment (a second) at a time.
    const publishing = (async () => {
      for (let k = 0; k < chunks.length; k++) {
        await publisher.send(k);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const base = `${site().baseUrl}/api/streams/${streamId}`;
    // hls.js joins once the playlist holds the hold-back (12 s) and a little: it then plays where the captions are final.
    await expect
      .poll(async () => (await fetch(`${base}/live.m3u8`).then((res) => res.text())).match(/#EXTINF/g)?.length ?? 0, { timeout: 40_000 })
      .toBeGreaterThanOrEqual(15);

    const partner = await partnerSite();
    try {
      await page.goto(partner.url);
      await page.evaluate((url) => {
        type HlsLike = {
          subtitleTracks: { name: string; lang?: string }[];
          subtitleTrack: number;
          loadSource(url: string): void;
          attachMedia(video: HTMLVideoElement): void;
          on(event: string, fn: (event: string, data: { fatal?: boolean; details?: string }) => void): void;
        };
        const Hls = (window as unknown as { Hls: { new (config: object): HlsLike } }).Hls;
        const hls = new Hls({ lowLatencyMode: true });
        const errors: string[] = [];
        (window as unknown as { hls: HlsLike; hlsErrors: string[] }).hls = hls;
        (window as unknown as { hlsErrors: string[] }).hlsErrors = errors;
        hls.on('hlsError', (_event, data) => {
          if (data.fatal) errors.push(data.details ?? 'fatal');
        });
        const element = document.getElementById('partner') as HTMLVideoElement;
        hls.loadSource(url);
        hls.attachMedia(element);
        void element.play().catch(() => undefined);
      }, `${base}/master.m3u8`);
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              (window as unknown as { hls: { subtitleTracks: { name: string; lang?: string }[] } }).hls.subtitleTracks.map(
                (t) => `${t.name}|${t.lang ?? ''}`,
              ),
            ),
          { timeout: 20_000 },
        )
        .toEqual(['Captions (automatic)|en']);
      // A reader picks the captions (hls.js offers them, off by default: AUTOSELECT, not DEFAULT).
      await page.evaluate(() => {
        (window as unknown as { hls: { subtitleTrack: number } }).hls.subtitleTrack = 0;
      });
      await expect
        .poll(async () => (await cuesOf(page, '#partner')).filter((cue) => cue.text === BRIDGE).length, { timeout: 60_000 })
        .toBeGreaterThanOrEqual(2);
      const hlsCues = (await cuesOf(page, '#partner')).filter((cue) => cue.text === BRIDGE).sort((a, b) => a.start - b.start);
      // The cues keep the phrases' spacing on the player's timeline (X-TIMESTAMP-MAP read as the media's clock).
      const spoken = bridgePhrases(phrases);
      expect(Math.abs(hlsCues[1]!.start - hlsCues[0]!.start - (spoken[1]!.start - spoken[0]!.start))).toBeLessThan(0.2);
      console.log(
        `hls.js cues: ${hlsCues.map((cue) => cue.start.toFixed(2)).join(', ')}; currentTime ${await page.evaluate(() => (document.getElementById('partner') as HTMLVideoElement).currentTime.toFixed(2))}`,
      );
      await showCaptions(page, '#partner');
      await page.screenshot({ path: `${SHOTS}/live-hlsjs.png` });
      expect(await page.evaluate(() => (window as unknown as { hlsErrors: string[] }).hlsErrors)).toEqual([]);
    } finally {
      partner.close();
    }

    // The site's own players: a captions TextTrack with the same cues, off until the CC button turns it on.
    const listed = (await apiCall<ActiveLiveStream[]>('/api/streams/active', { token: adminToken })).body.find((s) => s.id === streamId)!;
    const errors: string[] = [];
    const desktop = await readerPage(browser, errors);
    const iphone = await readerPage(browser, errors, emulateIphoneMediaSource);
    const LIVE_VIDEO = 'video[aria-label^="Live video"]';
    try {
      for (const [reader, name] of [
        [desktop, 'live-site-player'],
        [iphone, 'live-iphone-player'],
      ] as const) {
        await reader.goto(`/story/${listed.slug}`);
        const cc = reader.locator('.live-controls .captions-button');
        await expect.poll(() => cc.isVisible(), { timeout: 30_000 }).toBe(true);
        expect(await cc.getAttribute('aria-pressed')).toBe('false');
        expect(await modes(reader, LIVE_VIDEO)).not.toContain('showing');
        await cc.click();
        expect(await cc.getAttribute('aria-pressed')).toBe('true');
        await expect
          .poll(async () => (await cuesOf(reader, LIVE_VIDEO)).filter((cue) => cue.text === BRIDGE).length, { timeout: 30_000 })
          .toBeGreaterThanOrEqual(1);
        const cues = await cuesOf(reader, LIVE_VIDEO);
        expect(cues[0]!.label).toBe('Captions (automatic)');
        // On the media timeline: the cue of a phrase starts where it is spoken in the camera's stream.
        const bridge = cues.find((cue) => cue.text === BRIDGE)!;
        expect(bridgePhrases(phrases).some((phrase) => Math.abs(phrase.start - bridge.start) < 0.1)).toBe(true);
        if (reader === desktop) {
          // With captions on, the player plays the hold-back (12 s) behind the edge, where they are final.
          await expect
            .poll(
              () =>
                reader.evaluate((css) => {
                  const element = document.querySelector<HTMLVideoElement>(css)!;
                  const buffered = element.buffered;
                  return element.paused || buffered.length === 0 ? 0 : buffered.end(buffered.length - 1) - element.currentTime;
                }, LIVE_VIDEO),
              { timeout: 40_000 },
            )
            .toBeGreaterThan(9);
        }
        await showCaptions(reader, LIVE_VIDEO);
        await reader.screenshot({ path: `${SHOTS}/${name}.png` });
      }
    } finally {
      await desktop.context().close();
      await iphone.context().close();
    }
    expect(errors).toEqual([]);
    await publishing;
    publisher.close();
    expect(pageErrors).toEqual([]);
  }, 300_000);
});

function bridgePhrases(phrases: { text: string; start: number }[]) {
  return phrases.filter((phrase) => phrase.text === BRIDGE);
}
