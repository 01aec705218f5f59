/**
 * Records a real MediaRecorder WebM (VP9 + Opus, 1-second timeslices, Chromium's fake camera and
 * microphone) and writes it with the byte length of every chunk the recorder emitted, so tests can
 * replay exactly what a browser sends. Run once; the output is committed under tests/fixtures/.
 *
 *   npx tsx scripts/generators/record-webm-fixture.ts [seconds] [outBase]
 */
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { FAKE_MEDIA_FLAGS, launchChromium } from '../lib/chromium.ts';

const seconds = Number(process.argv[2] ?? 7);
const outBase = process.argv[3] ?? 'tests/fixtures/camera-vp9-opus';
const PORT = 8829;

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!doctype html><title>fixture</title>');
});
await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));

const browser = await launchChromium(FAKE_MEDIA_FLAGS);
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  const chunks = await page.evaluate(async (ms) => {
    // Small frames and a low bitrate keep the fixture small; the structure is what the camera gives.
    const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 180, frameRate: 30 }, audio: true });
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9,opus', videoBitsPerSecond: 100_000, audioBitsPerSecond: 24_000 });
    const parts: string[] = [];
    const done = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.ondataavailable = async (event) => {
      const bytes = new Uint8Array(await event.data.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      parts.push(btoa(binary));
    };
    recorder.start(1000);
    await new Promise((resolve) => setTimeout(resolve, ms));
    recorder.stop();
    await done;
    await new Promise((resolve) => setTimeout(resolve, 200));
    stream.getTracks().forEach((track) => track.stop());
    return parts;
  }, seconds * 1000);
  const buffers = chunks.map((b64) => Buffer.from(b64, 'base64')).filter((b) => b.length > 0);
  await writeFile(`${outBase}.webm`, Buffer.concat(buffers));
  await writeFile(`${outBase}.chunks.json`, `${JSON.stringify(buffers.map((b) => b.length))}\n`);
  console.log(`${outBase}.webm: ${buffers.length} chunks, ${buffers.reduce((n, b) => n + b.length, 0)} bytes`);
} finally {
  await browser.close();
  server.close();
}
