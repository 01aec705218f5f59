import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readBoxHeader } from '../../../src/media/mp4/boxes.ts';
import { projectRoot } from '../../lib/project.ts';
import { TEST_PHRASES } from '../../lib/transcriber-stand-in/phrases.ts';
import { TranscriberStandIn, type HeardRequest } from '../../lib/transcriber-stand-in/transcriber-stand-in.ts';
import { startDemoSite } from '../demo-site.ts';
import { login } from '../live/live-bench.ts';
import { BenchPublisher } from '../live/publisher.ts';
import { PublishedStream } from '../live/stream-follower.ts';
import { machineLoad } from '../machine-load.ts';
import { cpuSeconds, loadNow } from '../process-cpu.ts';
import { descendantsNamed } from '../process-memory.ts';

/**
 * The live half of `npm run bench:captions` (decision 128): BENCH_CAPTIONS_STREAMS streams (default
 * 20) on air at once for BENCH_CAPTIONS_LIVE_SECONDS (default 300) on the served site (workerd, the
 * build readers get), each a camera speaking (espeak-ng's test phrases in fragmented MP4, H.264 +
 * AAC, a fragment a second, sent at that pace), heard by the site's rooms through the stand-in
 * transcriber answering BENCH_CAPTIONS_DELAY_MS (default 2,000 ms) after each window arrives.
 *
 * The stand-in runs on the same cores as the worker. Every stream speaks the same phrases, so the
 * rooms cut the same windows; BENCH_CAPTIONS_DECODE=once (the default) has the stand-in decode each
 * distinct window once (still really decoded, still answered no sooner than the delay) so that its
 * ffmpeg does not take the cores the worker is measured on; `every` decodes each request, as a
 * transcriber per stream would. Its CPU is printed apart either way.
 *
 * A follower per stream reads GET /api/streams/{id}/live/captions as a player reads a live
 * resource: again after the answer's Cache-Control max-age (1 s: no sooner can it change at the
 * edge; the site's own player reads every 2 s), or every BENCH_CAPTIONS_POLL_MS. A cue's lag is when
 * its follower first had it minus when its first word was spoken (the camera's clock: the first
 * fragment is sent one fragment after the camera started), split into: the speech and the rest of
 * its window after that word; the camera's fragment and its upload until the room acknowledged the
 * audio that ends the window; then the room (waiting for the window's cut, the windows before it,
 * the transcriber, the cues stored) and the reading. Printed with the transcriber's own answer
 * times (and the lag less their excess over the set delay), the CPU of workerd, of the stand-in's
 * decoding and of this process, and the load.
 * Results: bench-results/captions-live.json.
 */
const streams = Number(process.env.BENCH_CAPTIONS_STREAMS ?? 20);
const seconds = Number(process.env.BENCH_CAPTIONS_LIVE_SECONDS ?? 300);
const delayMs = Number(process.env.BENCH_CAPTIONS_DELAY_MS ?? 2000);
const port = Number(process.env.BENCH_CAPTIONS_LIVE_PORT ?? 9036);
const standInPort = Number(process.env.BENCH_CAPTIONS_STAND_IN_PORT ?? 9037);
const decodeOnce = (process.env.BENCH_CAPTIONS_DECODE ?? 'once') !== 'every';
const pollMs = process.env.BENCH_CAPTIONS_POLL_MS ? Number(process.env.BENCH_CAPTIONS_POLL_MS) : null;
/** `off` serves the site without a transcriber (no captions): the same streams and reads, to weigh what hearing them costs the worker. */
const captionsOff = process.env.BENCH_CAPTIONS_TRANSCRIBER === 'off';

/** The camera's chunks: the init segment with the first fragment, then a fragment each. */
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

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
};
const spread = (values: readonly number[]) => ({
  p50: percentile(values, 0.5),
  p95: percentile(values, 0.95),
  max: values.length > 0 ? Math.max(...values) : Number.NaN,
  mean: values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length),
});
const shown = (s: ReturnType<typeof spread>, unit = 's', digits = 1) =>
  `p50 ${s.p50.toFixed(digits)} ${unit}, p95 ${s.p95.toFixed(digits)} ${unit}, max ${s.max.toFixed(digits)} ${unit} (mean ${s.mean.toFixed(digits)})`;

/** What a follower saw of its stream: when each cue was first read (and the heardThrough read with it). */
interface Followed {
  spokenAt0: number;
  /** When the room acknowledged each chunk (second k of the camera): when its audio had arrived. */
  arrivedAt: number[];
  cues: { at: number; start: number; text: string; heardThrough: number }[];
}

/** A cue's lag and where it went (seconds; speech + upload + room is the lag). */
interface CueLag {
  lag: number;
  /** From its first word to the end of its window, on the camera's clock. */
  speech: number;
  /** From the window's end on the camera's clock until the room acknowledged the fragment holding it. */
  upload: number;
  /** From then until the follower read it: the room (the window's cut, the windows before it, the transcriber, the cues stored) and the reading. */
  room: number;
  /** Of `room`, how much later than its set delay the stand-in answered this window (its decoding on the shared cores), for the median stream. */
  standInExcess: number;
}

interface SentWindow {
  start: number;
  end: number;
  /** The median over the streams' requests for it of how much later than the set delay it was answered (s). */
  excess: number;
}

/** The windows the rooms sent (every stream's are the same: the same speech, cut the same way). */
function windowsSent(requests: readonly HeardRequest[]): SentWindow[] {
  const byStart = new Map<number, HeardRequest[]>();
  for (const request of requests) {
    const start = /^live-(\d+)\./.exec(request.filename ?? '')?.[1];
    if (start === undefined || request.duration <= 0) continue;
    byStart.set(Number(start), [...(byStart.get(Number(start)) ?? []), request]);
  }
  return [...byStart]
    .map(([start, heard]) => ({
      start: start / 1000,
      end: start / 1000 + heard[0]!.duration,
      excess: percentile(
        heard.filter((request) => request.answeredAt > 0).map((request) => Math.max(0, request.answeredAt - request.at - delayMs) / 1000),
        0.5,
      ),
    }))
    .sort((a, b) => a.start - b.start);
}

function cueLags(follower: Followed, windows: readonly SentWindow[]): CueLag[] {
  return follower.cues.map((cue) => {
    const window = windows.find(({ start, end }) => start <= cue.start + 1e-3 && cue.start < end);
    const windowEnd = window?.end ?? cue.heardThrough;
    const k = Math.min(follower.arrivedAt.length - 1, Math.max(0, Math.ceil(windowEnd) - 1));
    const arrived = follower.arrivedAt[k]!;
    return {
      lag: (cue.at - (follower.spokenAt0 + cue.start * 1000)) / 1000,
      speech: windowEnd - cue.start,
      upload: (arrived - (follower.spokenAt0 + windowEnd * 1000)) / 1000,
      room: (cue.at - arrived) / 1000,
      standInExcess: window && Number.isFinite(window.excess) ? window.excess : 0,
    };
  });
}

const standIn = await TranscriberStandIn.start({ port: standInPort, delayMs, decodeOnce });
// About 3.3 s a phrase with its pause: enough phrases for the run, looped over the short ones the stand-in tells apart.
const phraseOrder = [0, 1, 4, 2, 5];
const indexes = Array.from({ length: Math.ceil(seconds / 3.3) + 2 }, (_, i) => phraseOrder[i % phraseOrder.length]!);
console.log(`Making ${indexes.length} spoken phrases of camera video (fragmented MP4)...`);
const video = await standIn.video(indexes, 'fmp4');
// The stand-in measures its phrasebook on first use (espeak-ng and ffmpeg, seconds): not on the first window's time.
await standIn.phraseLengths();
const chunks = cameraChunks(video.bytes);
console.log(`Starting the site on ${port} with the stand-in transcriber (${delayMs} ms) on ${standInPort}...`);
const site = await startDemoSite({
  port,
  build: process.env.BENCH_CAPTIONS_BUILD !== '0',
  vars: captionsOff ? {} : { TRANSCRIBE_URL: standIn.url },
});
const loadBefore = machineLoad();
try {
  const reporters = site.newsroom.reporters;
  const tokens = await Promise.all(
    reporters.map((reporter) => login(site.baseUrl, { username: reporter.username, password: site.newsroom.password })),
  );
  // wrangler dev runs two workerd: the worker itself (every room and request; its inspector's) and a proxy in front of it.
  const workerds = descendantsNamed(site.pid, 'workerd');
  const isWorker = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--inspector-addr');
  const workerCpu = () => workerds.filter(isWorker).reduce((sum, pid) => sum + cpuSeconds(pid).own, 0);
  const proxyCpu = () => workerds.filter((pid) => !isWorker(pid)).reduce((sum, pid) => sum + cpuSeconds(pid).own, 0);
  const cpuAtStart = { worker: workerCpu(), proxy: proxyCpu(), self: cpuSeconds('self'), wall: performance.now() };
  const loads: number[] = [];
  const sampling = setInterval(() => loads.push(loadNow()), 5000);
  const followers: Followed[] = [];
  const ackMs: number[] = [];
  let readEveryMs = pollMs ?? 1000;
  let behindSeconds = 0;
  const runs = Array.from({ length: streams }, async (_, i) => {
    const token = tokens[i % tokens.length]!;
    const started = await fetch(`${site.baseUrl}/api/streams/start`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: `Captions bench ${i + 1}` }),
    });
    const { id } = (await started.json()) as { id: number };
    const publisher = await BenchPublisher.connect(site.baseUrl, id, token, new PublishedStream(chunks, 0));
    // Streams start spread over a second, as cameras do.
    await new Promise((resolve) => setTimeout(resolve, (i * 1000) / streams));
    const follower: Followed = { spokenAt0: 0, arrivedAt: [], cues: [] };
    followers[i] = follower;
    const seen = new Set<string>();
    let on = true;
    const following = (async () => {
      let wait = pollMs ?? 1000;
      while (on) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        const res = await fetch(`${site.baseUrl}/api/streams/${id}/live/captions`).catch(() => null);
        if (!res?.ok) continue;
        const now = Date.now();
        const maxAge = /max-age=(\d+)/.exec(res.headers.get('Cache-Control') ?? '')?.[1];
        if (pollMs === null && maxAge !== undefined) readEveryMs = wait = Math.max(250, Number(maxAge) * 1000);
        const { cues, heardThrough } = (await res.json()) as { cues: { start: number; text: string }[]; heardThrough: number | null };
        for (const cue of cues) {
          const key = `${cue.start}|${cue.text}`;
          if (seen.has(key) || follower.spokenAt0 === 0) continue;
          seen.add(key);
          follower.cues.push({ at: now, start: cue.start, text: cue.text, heardThrough: heardThrough ?? cue.start });
        }
      }
    })();
    const last = Math.min(chunks.length, seconds + 1);
    for (let k = 0; k < last; k++) {
      const sentAt = Date.now();
      const sending = publisher.send(k);
      // The first chunk holds the first second: the camera started a second before it was sent.
      if (k === 0) follower.spokenAt0 = sentAt - 1000;
      await sending;
      follower.arrivedAt[k] = Date.now();
      ackMs.push(follower.arrivedAt[k]! - sentAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, follower.spokenAt0 + 1000 * (k + 2) - Date.now())));
    }
    behindSeconds = Math.max(behindSeconds, (Date.now() - follower.spokenAt0) / 1000 - last);
    // The last windows are heard as the stream goes on; stop following a few seconds after the camera stops.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    on = false;
    await following;
    publisher.close();
  });
  await Promise.all(runs);
  clearInterval(sampling);
  const self = cpuSeconds('self');
  const wallSeconds = (performance.now() - cpuAtStart.wall) / 1000;
  const cpu = {
    wallSeconds,
    /** CPU seconds over the run: the worker's workerd (every room and request), wrangler's proxy's, the stand-in's ffprobe and ffmpeg, this process (publishers, followers, the stand-in's own JS). */
    worker: workerCpu() - cpuAtStart.worker,
    wranglerProxy: proxyCpu() - cpuAtStart.proxy,
    standInDecoding: self.children - cpuAtStart.self.children,
    benchProcess: self.own - cpuAtStart.self.own,
  };

  const windows = windowsSent(standIn.requests);
  const lags = followers.flatMap((follower) => cueLags(follower, windows));
  const answered = standIn.requests.filter((request) => request.answeredAt > 0);
  const decoded = standIn.requests.filter((request) => request.decodeMs > 0);
  const result = {
    streams,
    seconds,
    transcriberDelayMs: delayMs,
    transcriber: !captionsOff,
    decode: decodeOnce ? 'once per distinct window' : 'every request',
    followersReadEveryMs: readEveryMs,
    cues: lags.length,
    named: followers.reduce((sum, follower) => sum + follower.cues.filter((cue) => cue.text !== '[speech]').length, 0),
    lag: spread(lags.map((cue) => cue.lag)),
    speech: spread(lags.map((cue) => cue.speech)),
    upload: spread(lags.map((cue) => cue.upload)),
    room: spread(lags.map((cue) => cue.room)),
    /** The lag less the stand-in's excess over its set delay: as with a transcriber that answers in exactly that time (an estimate per window). */
    lagWithSetDelay: spread(lags.map((cue) => cue.lag - cue.standInExcess)),
    perStreamLagP95: followers.map((follower) =>
      percentile(
        cueLags(follower, windows).map((cue) => cue.lag),
        0.95,
      ),
    ),
    /** The room's acknowledgement of each chunk (ms): how busy the rooms are. */
    ackMs: spread(ackMs),
    /** How far the publishers fell behind the camera's clock (the rooms acknowledging slower than real time). */
    publishersBehindSeconds: behindSeconds,
    windowsSent: standIn.requests.length,
    windowsRefused: standIn.requests.filter((request) => request.status >= 400).length,
    /** Still being decoded or waited on when the followers stopped (the streams' last windows). */
    windowsUnanswered: standIn.requests.filter((request) => request.answeredAt === 0).length,
    distinctWindows: windows.length,
    meanWindowSeconds: standIn.requests.reduce((sum, request) => sum + request.duration, 0) / Math.max(1, standIn.requests.length),
    /** The stand-in's answer time, arrival to answer (s), and its decoding (ms, requests it decoded). */
    transcriberAnswer: spread(answered.map((request) => (request.answeredAt - request.at) / 1000)),
    decodings: decoded.length,
    decodeMs: spread(decoded.map((request) => request.decodeMs)),
    cpu,
    loadBefore,
    loadDuring: spread(loads),
    loadAfter: machineLoad(),
  };
  await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
  await writeFile(path.join(projectRoot, 'bench-results', 'captions-live.json'), `${JSON.stringify(result, null, 2)}\n`);
  const cores = (cpuSeconds: number) => `${cpuSeconds.toFixed(0)} s (${(cpuSeconds / wallSeconds).toFixed(2)} cores)`;
  console.log(`
Captions, live: ${streams} streams on air at once for ${seconds} s, ${captionsOff ? 'no transcriber (captions off)' : `a ${delayMs}-ms transcriber decoding ${result.decode}`} (${TEST_PHRASES.length} test phrases), followers reading every ${readEveryMs} ms
  cues followed          ${result.cues} (${result.named} named)
  lag behind the edge    ${shown(result.lag)}   budget p95 <= 10 s
    speech + window      ${shown(result.speech)}
    fragment + upload    ${shown(result.upload)}
    room + reading       ${shown(result.room)}
  lag, the stand-in's    ${shown(result.lagWithSetDelay)}
   excess over ${delayMs} ms taken out
  transcriber's answer   ${shown(result.transcriberAnswer)}; ${result.decodings} decodings, ${shown(result.decodeMs, 'ms', 0)}
  rooms' acks            ${shown(result.ackMs, 'ms', 0)}; publishers ${result.publishersBehindSeconds.toFixed(1)} s behind the camera at most
  windows sent           ${result.windowsSent} (${result.windowsRefused} refused, ${result.windowsUnanswered} unanswered at the end, ${result.distinctWindows} distinct), ${result.meanWindowSeconds.toFixed(1)} s of audio each on average
  CPU over ${wallSeconds.toFixed(0)} s        the worker's workerd ${cores(cpu.worker)}, wrangler's proxy ${cores(cpu.wranglerProxy)}, the stand-in's decoding ${cores(cpu.standInDecoding)}, this process ${cores(cpu.benchProcess)}
  load                   before ${loadBefore}; during ${shown(result.loadDuring, '', 1)}; after ${result.loadAfter}
Results: bench-results/captions-live.json`);
} finally {
  await site.stop();
  await standIn.close();
}
