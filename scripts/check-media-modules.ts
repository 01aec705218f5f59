/**
 * Drives the browser media modules (src/web/media) in Chromium with a fake camera against
 * `vite dev` on :8822, and checks what a reader and a reporter would see:
 *  - live: a reporter publishes with LivePublisher, a second browser watches with
 *    watchLiveStream (video playing, time advancing, viewer count 1), the stream ends and its
 *    recording plays with a finite duration and seeks;
 *  - record: a MediaRecorder clip, fixRecordingDuration, uploadFile with a title -> a draft story
 *    whose video has a finite duration;
 *  - a 40 MB resumable upload whose third part's connection is reset once, read back intact.
 *
 *   npx tsx scripts/check-media-modules.ts
 */
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import type { LivePublisher } from '../src/web/media/live-publisher.ts';
import { applyLocalMigrations, createLocalReporter, startServer, stopServer, waitForHttp } from './support/local-site.ts';

/** What the checks leave on the page's window between evaluate calls. */
interface ProbeWindow extends Window {
  states: string[];
  viewers: number[];
  media: MediaStream;
  publisher: LivePublisher;
  vstates: string[];
  vcount: number[];
  ended: string | null;
  viewer: { close(): void };
}

const base = 'http://127.0.0.1:8822';
applyLocalMigrations();
const reporter = createLocalReporter('check');
const server = startServer('npx', ['vite', 'dev', '--port', '8822', '--strictPort', '--host', '127.0.0.1']);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
});
try {
  await waitForHttp(`${base}/api/beats`, 90_000);
  const newPage = async () => {
    const context = await browser.newContext();
    // tsx keeps function names with a __name helper the page does not have.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    return context.newPage();
  };
  const reporterPage = await newPage();
  await reporterPage.goto(base);
  await reporterPage.evaluate((token) => localStorage.setItem('auth_token', token), reporter.token);
  await reporterPage.reload();

  // --- live ---
  const stream = await reporterPage.evaluate(async () => {
    const { startStream } = (await import(String('/src/web/api/streams.ts'))) as typeof import('../src/web/api/streams.ts');
    const pub = (await import(String('/src/web/media/live-publisher.ts'))) as typeof import('../src/web/media/live-publisher.ts');
    const s = await startStream('Verify live stream');
    const media = await pub.openCamera();
    const w = window as unknown as ProbeWindow;
    w.states = []; w.viewers = [];
    w.media = media;
    w.publisher = pub.LivePublisher.start({ streamId: s.id, stream: media, onState: (st: string, d?: string) => w.states.push(d ? `${st}: ${d}` : st), onViewers: (n: number) => w.viewers.push(n) });
    return s;
  });

  const readerPage = await newPage();
  await readerPage.goto(base);
  await readerPage.waitForTimeout(3000);
  await readerPage.evaluate(async (id) => {
    const viewer = (await import(String('/src/web/media/live-viewer.ts'))) as typeof import('../src/web/media/live-viewer.ts');
    const w = window as unknown as ProbeWindow;
    const video = document.createElement('video');
    video.muted = true; video.playsInline = true; video.id = 'live';
    document.body.append(video);
    w.vstates = []; w.vcount = []; w.ended = null;
    w.viewer = viewer.watchLiveStream({ streamId: id, video, onState: (s: string, d?: string) => w.vstates.push(d ? `${s}: ${d}` : s), onViewers: (n: number) => w.vcount.push(n), onEnd: (url: string | null) => (w.ended = url) });
  }, stream.id);
  await readerPage.waitForTimeout(5000);
  const t1 = await readerPage.evaluate(() => (document.getElementById('live') as HTMLVideoElement).currentTime);
  await readerPage.waitForTimeout(2000);
  const reader = await readerPage.evaluate(() => {
    const v = document.getElementById('live') as HTMLVideoElement;
    const w = window as unknown as ProbeWindow;
    return { currentTime: v.currentTime, paused: v.paused, readyState: v.readyState, width: v.videoWidth, buffered: v.buffered.length ? [v.buffered.start(0), v.buffered.end(v.buffered.length - 1)] : null, states: w.vstates, counts: w.vcount };
  });
  assert.ok(reader.width > 0 && !reader.paused && reader.currentTime > t1, `the reader's video plays: ${JSON.stringify(reader)}`);
  assert.deepEqual(reader.counts.at(-1), 1);
  const active = (await (await fetch(`${base}/api/streams/active`)).json()) as { id: number; viewers: number }[];
  assert.equal(active.find((s) => s.id === stream.id)?.viewers, 1);
  console.log(`live: the reader plays (t=${t1.toFixed(1)}s, then ${reader.currentTime.toFixed(1)}s of ${reader.buffered?.[1]}s buffered, ${reader.width}px wide), 1 viewer`);

  const ended = await reporterPage.evaluate(async (id) => {
    const { endStream } = (await import(String('/src/web/api/streams.ts'))) as typeof import('../src/web/api/streams.ts');
    const w = window as unknown as ProbeWindow;
    await w.publisher.stop();
    const s = await endStream(id);
    w.media.getTracks().forEach((t: MediaStreamTrack) => t.stop());
    return { stream: s, states: w.states, viewers: w.viewers, stored: w.publisher.bytesStored };
  }, stream.id);
  assert.equal(ended.stream.isActive, false);
  assert.deepEqual(ended.states, ['live', 'stopping', 'ended']);
  await readerPage.waitForTimeout(1000);
  const videoUrl = await readerPage.evaluate(() => (window as unknown as ProbeWindow).ended);
  const story = await (await fetch(`${base}/api/stories/${stream.storyId}`)).json();
  assert.equal(story.status, 'published');
  assert.equal(story.isLive, false);
  assert.equal(story.videoUrl, videoUrl);

  const playback = await readerPage.evaluate(async (url) => {
    const v = document.createElement('video');
    v.muted = true; v.src = url; document.body.append(v);
    await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    const duration = v.duration;
    v.currentTime = duration / 2;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    return { duration, seekedTo: v.currentTime, seekable: v.seekable.length ? v.seekable.end(0) : null };
  }, story.videoUrl);
  assert.ok(Number.isFinite(playback.duration) && playback.duration > 5, `finite duration: ${JSON.stringify(playback)}`);
  assert.ok(Math.abs(playback.seekedTo - playback.duration / 2) < 0.5);
  console.log(`ended: story published with ${story.videoUrl}; the recording lasts ${playback.duration}s and seeks to ${playback.seekedTo}s`);

  // --- recorder clip + fix + upload with story ---
  const clip = await reporterPage.evaluate(async () => {
    const { fixRecordingDuration } = (await import(String('/src/web/media/fix-recording-duration.ts'))) as typeof import('../src/web/media/fix-recording-duration.ts');
    const { uploadFile } = (await import(String('/src/web/media/upload-file.ts'))) as typeof import('../src/web/media/upload-file.ts');
    const media = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360 }, audio: true });
    const rec = new MediaRecorder(media, { mimeType: 'video/webm;codecs=vp9,opus' });
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => parts.push(e.data);
    rec.start(1000);
    await new Promise((r) => setTimeout(r, 3200));
    await new Promise((r) => { rec.onstop = r; rec.stop(); });
    media.getTracks().forEach((t) => t.stop());
    const raw = new Blob(parts, { type: 'video/webm' });
    const fixed = await fixRecordingDuration(raw);
    const progress: number[] = [];
    const result = await uploadFile(fixed, { kind: 'video', fields: { title: 'Recorded clip', description: 'Three seconds', category: 'local' }, onProgress: (p) => progress.push(p.loaded) });
    const v = document.createElement('video');
    v.muted = true; v.src = result.url; document.body.append(v);
    await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    return { raw: raw.size, fixed: fixed.size, url: result.url, story: result.story?.status, title: result.story?.title, duration: v.duration, progressEvents: progress.length };
  });
  assert.equal(clip.story, 'draft');
  assert.ok(Number.isFinite(clip.duration) && clip.duration > 2.5, `clip duration: ${JSON.stringify(clip)}`);
  console.log(`record: a ${clip.raw}-byte clip, fixed to ${clip.fixed} bytes, uploaded as a draft story; it lasts ${clip.duration}s`);

  // --- big resumable upload with a dropped part ---
  let dropped = 0;
  await reporterPage.route('**/api/uploads/*/parts/3', async (route) => {
    if (dropped++ === 0) return route.abort('connectionreset');
    return route.continue();
  });
  const big = await reporterPage.evaluate(async () => {
    const { uploadFile } = (await import(String('/src/web/media/upload-file.ts'))) as typeof import('../src/web/media/upload-file.ts');
    // A WebM header taken from a quick recording, then filler.
    const media = await navigator.mediaDevices.getUserMedia({ video: true });
    const rec = new MediaRecorder(media, { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => parts.push(e.data);
    rec.start(); await new Promise((r) => setTimeout(r, 500)); await new Promise((r) => { rec.onstop = r; rec.stop(); });
    media.getTracks().forEach((t) => t.stop());
    const header = new Uint8Array(await new Blob(parts).arrayBuffer()).subarray(0, 4096);
    const size = 40 * 1024 * 1024 + 12345;
    const bytes = new Uint8Array(size);
    bytes.set(header);
    for (let i = header.length; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
    const file = new File([bytes], 'big.webm', { type: 'video/webm', lastModified: 1 });
    const progress: number[] = [];
    const started = performance.now();
    const result = await uploadFile(file, { onProgress: (p) => progress.push(p.loaded) });
    const back = new Uint8Array(await (await fetch(result.url)).arrayBuffer());
    let same = back.length === bytes.length;
    for (let i = 0; same && i < bytes.length; i += 4093) same = back[i] === bytes[i];
    return { size: result.size, url: result.url, seconds: (performance.now() - started) / 1000, progressEvents: progress.length, last: progress.at(-1), same };
  });
  assert.ok(big.same && big.last === big.size && dropped === 2, `resumable upload: ${JSON.stringify(big)}, part 3 tried ${dropped} times`);
  console.log(`upload: ${(big.size / 1e6).toFixed(1)} MB in parts in ${big.seconds.toFixed(1)}s, part 3 reset once and sent again, read back intact`);
} finally {
  await browser.close();
  await stopServer(server);
  reporter.remove();
}
