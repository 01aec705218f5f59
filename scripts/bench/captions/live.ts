import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readBoxHeader } from '../../../src/media/mp4/boxes.ts';
import { projectRoot } from '../../lib/project.ts';
import { TEST_PHRASES } from '../../lib/transcriber-stand-in/phrases.ts';
import { TranscriberStandIn } from '../../lib/transcriber-stand-in/transcriber-stand-in.ts';
import { startDemoSite } from '../demo-site.ts';
import { login } from '../live/live-bench.ts';
import { BenchPublisher } from '../live/publisher.ts';
import { PublishedStream } from '../live/stream-follower.ts';

/**
 * The live half of `npm run bench:captions` (issue 39, decision 128): BENCH_CAPTIONS_STREAMS streams
 * (default 20) on air at once for BENCH_CAPTIONS_LIVE_SECONDS (default 300) on the served site
 * (workerd, the build readers get), each a camera speaking (espeak-ng's test phrases in fragmented
 * MP4, H.264 + AAC, a fragment a second, sent at that pace), heard by the site's rooms through the
 * stand-in transcriber answering in BENCH_CAPTIONS_DELAY_MS (default 2,000 ms) after really decoding
 * each window. A follower per stream reads GET /api/streams/{id}/live/captions every 250 ms (the
 * answer is cached a second per isolate, as readers get it); each cue's lag is when the follower
 * first had it minus when its first word was spoken (the camera's clock: the first fragment sent one
 * fragment after the camera started). Printed: lag p50/p95/max, cues, windows sent, load.
 * Results: bench-results/captions-live.json.
 */
const streams = Number(process.env.BENCH_CAPTIONS_STREAMS ?? 20);
const seconds = Number(process.env.BENCH_CAPTIONS_LIVE_SECONDS ?? 300);
const delayMs = Number(process.env.BENCH_CAPTIONS_DELAY_MS ?? 2000);
const port = Number(process.env.BENCH_CAPTIONS_LIVE_PORT ?? 9036);
const standInPort = Number(process.env.BENCH_CAPTIONS_STAND_IN_PORT ?? 9037);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** The camera's chunks: the init segment with the first fragment, then a fragment each; and each fragment's media end (s). */
function cameraChunks(bytes: Uint8Array): Uint8Array[] {
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;

const standIn = await TranscriberStandIn.start({ port: standInPort, delayMs });
// About 3.3 s a phrase with its pause: enough phrases for the run, looped over the short ones the stand-in tells apart.
const phraseOrder = [0, 1, 4, 2, 5];
const indexes = Array.from({ length: Math.ceil(seconds / 3.3) + 2 }, (_, i) => phraseOrder[i % phraseOrder.length]!);
console.log(`Making ${indexes.length} spoken phrases of camera video (fragmented MP4)...`);
const video = await standIn.video(indexes, 'fmp4');
const chunks = cameraChunks(video.bytes);
console.log(`Starting the site on ${port} with the stand-in transcriber (${delayMs} ms) on ${standInPort}...`);
const site = await startDemoSite({ port, build: process.env.BENCH_CAPTIONS_BUILD !== '0', vars: { TRANSCRIBE_URL: standIn.url } });
const loadBefore = uptime();
try {
  const reporters = site.newsroom.reporters;
  const tokens = await Promise.all(
    reporters.map((reporter) => login(site.baseUrl, { username: reporter.username, password: site.newsroom.password })),
  );
  const lags: number[] = [];
  const arrivalLags: number[] = [];
  let behindSeconds = 0;
  const perStream: { id: number; cues: number; named: number; p95: number }[] = [];
  const runs = Array.from({ length: streams }, async (_, i) => {
    const token = tokens[i % tokens.length]!;
    const started = await fetch(`${site.baseUrl}/api/streams/start`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: `Captions bench ${i + 1}` }),
    });
    const { id } = (await started.json()) as { id: number };
    const stream = new PublishedStream(chunks, 0);
    const publisher = await BenchPublisher.connect(site.baseUrl, id, token, stream);
    // Streams start spread over a second, as cameras do.
    await new Promise((resolve) => setTimeout(resolve, (i * 1000) / streams));
    let spokenAt0 = 0;
    /** When each chunk (second k of the camera) was acknowledged by the room: when its audio had arrived. */
    const arrivedAt: number[] = [];
    const seen = new Map<string, number>();
    const mine: number[] = [];
    let on = true;
    const following = (async () => {
      while (on) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const res = await fetch(`${site.baseUrl}/api/streams/${id}/live/captions`).catch(() => null);
        if (!res?.ok) continue;
        const now = Date.now();
        const { cues } = (await res.json()) as { cues: { start: number; text: string }[] };
        for (const cue of cues) {
          const key = `${cue.start}|${cue.text}`;
          if (seen.has(key) || spokenAt0 === 0) continue;
          seen.set(key, now);
          const lag = (now - (spokenAt0 + cue.start * 1000)) / 1000;
          mine.push(lag);
          const arrived = arrivedAt[Math.floor(cue.start)];
          if (arrived) arrivalLags.push((now - arrived) / 1000);
        }
      }
    })();
    const last = Math.min(chunks.length, seconds + 1);
    for (let k = 0; k < last; k++) {
      const sending = publisher.send(k);
      // The first chunk holds the first second: the camera started a second before it was sent.
      if (k === 0) spokenAt0 = Date.now() - 1000;
      await sending;
      arrivedAt[k] = Date.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, spokenAt0 + 1000 * (k + 2) - Date.now())));
    }
    behindSeconds = Math.max(behindSeconds, (Date.now() - spokenAt0) / 1000 - last);
    // The last windows are heard as the stream goes on; stop following a few seconds after the camera stops.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    on = false;
    await following;
    publisher.close();
    lags.push(...mine);
    const sorted = [...mine].sort((a, b) => a - b);
    perStream.push({
      id,
      cues: mine.length,
      named: [...seen.keys()].filter((key) => !key.endsWith('|[speech]')).length,
      p95: percentile(sorted, 0.95),
    });
  });
  await Promise.all(runs);
  const sorted = [...lags].sort((a, b) => a - b);
  const result = {
    streams,
    seconds,
    transcriberDelayMs: delayMs,
    cues: lags.length,
    lagP50: percentile(sorted, 0.5),
    lagP95: percentile(sorted, 0.95),
    lagMax: sorted.at(-1) ?? NaN,
    /** From when the room had the audio (its chunk acknowledged): the captions' own lag, without a publisher that fell behind. */
    arrivalLagP50: percentile(
      [...arrivalLags].sort((a, b) => a - b),
      0.5,
    ),
    arrivalLagP95: percentile(
      [...arrivalLags].sort((a, b) => a - b),
      0.95,
    ),
    arrivalLagMax: Math.max(...arrivalLags),
    /** How far the publishers fell behind the camera's clock (the rooms acknowledging slower than real time). */
    publishersBehindSeconds: behindSeconds,
    windowsSent: standIn.requests.length,
    windowsRefused: standIn.requests.filter((request) => request.status !== 200).length,
    meanWindowSeconds: standIn.requests.reduce((sum, request) => sum + request.duration, 0) / Math.max(1, standIn.requests.length),
    perStream,
    loadBefore,
    loadAfter: uptime(),
  };
  await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
  await writeFile(path.join(projectRoot, 'bench-results', 'captions-live.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`
Captions, live: ${streams} streams on air at once for ${seconds} s, a ${delayMs}-ms transcriber (${TEST_PHRASES.length} test phrases)
  cues followed         ${result.cues}
  lag behind the edge   p50 ${result.lagP50.toFixed(1)} s, p95 ${result.lagP95.toFixed(1)} s, max ${result.lagMax.toFixed(1)} s (budget p95 <= 10 s)
  behind its arrival    p50 ${result.arrivalLagP50.toFixed(1)} s, p95 ${result.arrivalLagP95.toFixed(1)} s, max ${result.arrivalLagMax.toFixed(1)} s
  publishers behind     ${result.publishersBehindSeconds.toFixed(1)} s at most (the rooms acknowledging slower than real time)
  windows sent          ${result.windowsSent} (${result.windowsRefused} refused), ${result.meanWindowSeconds.toFixed(1)} s of audio each on average
  load before / after   ${loadBefore} / ${result.loadAfter}
Results: bench-results/captions-live.json`);
} finally {
  await site.stop();
  await standIn.close();
}
