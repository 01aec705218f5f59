import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { FAKE_MEDIA_FLAGS, launchChromium } from '../lib/chromium.ts';

/**
 * Records Chromium's fake camera and microphone with MediaRecorder (320x180, 1-second timeslices)
 * and writes the recording with the byte length of every chunk the recorder emitted, so tests and
 * the live benchmark can replay exactly what a browser sends. The fixture scripts beside this one
 * say which container; their output is committed under tests/fixtures/.
 */
export interface CameraFixture {
  mimeType: string;
  /** Extra MediaRecorder options (a keyframe interval, say). */
  options?: Record<string, unknown>;
  seconds: number;
  /** Output path without its extension; `.chunks.json` is written beside it. */
  outBase: string;
  extension: string;
}

const PORT = 8829;

export async function recordCameraFixture(fixture: CameraFixture): Promise<void> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>fixture</title>');
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  const browser = await launchChromium(FAKE_MEDIA_FLAGS);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    const recorded = await page.evaluate(
      async ({ ms, mimeType, options }) => {
        // Small frames and a low bitrate keep the fixture small; the structure is what the camera gives.
        const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 180, frameRate: 30 }, audio: true });
        const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 100_000, audioBitsPerSecond: 24_000, ...options });
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
        return { parts, mimeType: recorder.mimeType };
      },
      { ms: fixture.seconds * 1000, mimeType: fixture.mimeType, options: fixture.options ?? {} },
    );
    const buffers = recorded.parts.map((b64) => Buffer.from(b64, 'base64')).filter((b) => b.length > 0);
    await writeFile(`${fixture.outBase}.${fixture.extension}`, Buffer.concat(buffers));
    await writeFile(`${fixture.outBase}.chunks.json`, `${JSON.stringify(buffers.map((b) => b.length))}\n`);
    console.log(
      `${fixture.outBase}.${fixture.extension} (${recorded.mimeType}): ${buffers.length} chunks, ${buffers.reduce((n, b) => n + b.length, 0)} bytes`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}
