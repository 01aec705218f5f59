import { execFile, execFileSync } from 'node:child_process';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { OpenAiTranscriber } from '../../../src/adapters/transcribe/openai-transcriber.ts';
import { shiftCues, type Cue } from '../../../src/domain/captions/cues.ts';
import { audioPieces, type ByteSource } from '../../../src/media/audio/extract-audio.ts';
import { projectRoot } from '../../lib/project.ts';
import { TEST_PHRASES } from '../../lib/transcriber-stand-in/phrases.ts';
import { speak } from '../../lib/transcriber-stand-in/speech.ts';
import { TranscriberStandIn } from '../../lib/transcriber-stand-in/transcriber-stand-in.ts';

/**
 * `npm run bench:captions`, the recorded half: an hour of video (BENCH_CAPTIONS_MINUTES,
 * default 60) with speech (espeak-ng's test phrases, looped), VP8 and Opus in WebM as MediaRecorder
 * writes it, made once and kept in bench-results/.cache. Its audio is taken out by the worker's own
 * code (src/media/audio, decision 125) reading the file in 64-KiB chunks as R2 hands them, and sent
 * piece by piece through the worker's own transcriber adapter to the stand-in
 * (scripts/lib/transcriber-stand-in) set to answer in BENCH_CAPTIONS_DELAY_MS (default 2,000 ms) after
 * it has really decoded each piece. Printed: pieces, bytes sent against the video's, time to ready,
 * and the CPU the extraction costs per audio minute (measured around our code only, in Node's V8:
 * the worker's engine). The live half is live.ts (main.ts runs both; BENCH_CAPTIONS_HALF picks one).
 * Results: bench-results/captions.json.
 */
const run = promisify(execFile);
const minutes = Number(process.env.BENCH_CAPTIONS_MINUTES ?? 60);
const delayMs = Number(process.env.BENCH_CAPTIONS_DELAY_MS ?? 2000);
const port = Number(process.env.BENCH_CAPTIONS_PORT ?? 9033);
const CHUNK = 64 * 1024;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

async function hourOfSpeech(): Promise<string> {
  const cache = path.join(projectRoot, 'bench-results', '.cache');
  await mkdir(cache, { recursive: true });
  const out = path.join(cache, `speech-${minutes}min.webm`);
  try {
    await stat(out);
    return out;
  } catch {
    // made below
  }
  const work = path.join(cache, 'speech-work');
  await mkdir(work, { recursive: true });
  const silence = path.join(work, 'silence.wav');
  await run('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', silence, 'trim', '0', '1.5']);
  const parts = [silence];
  for (const [i, phrase] of TEST_PHRASES.entries()) parts.push(await speak(phrase, work, `p${i}`), silence);
  const loop = path.join(work, 'loop.wav');
  await run('sox', [...parts, loop]);
  console.log(`Making ${minutes} minutes of video with speech (once; kept in ${path.relative(projectRoot, cache)})...`);
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=160x120:rate=5`,
      '-stream_loop',
      '-1',
      '-i',
      loop,
      '-t',
      String(minutes * 60),
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '40k',
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      '-y',
      out,
    ],
    { maxBuffer: 1 << 20 },
  );
  await rm(work, { recursive: true, force: true });
  return out;
}

function fileSource(file: string, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const handle = await open(file, 'r');
      const end = length === undefined ? size : Math.min(size, offset + length);
      return (async function* () {
        try {
          for (let at = offset; at < end; at += CHUNK) {
            const buffer = new Uint8Array(Math.min(CHUNK, end - at));
            await handle.read(buffer, 0, buffer.length, at);
            yield buffer;
          }
        } finally {
          await handle.close();
        }
      })();
    },
  };
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const loadBefore = uptime();
const video = await hourOfSpeech();
const videoBytes = (await stat(video)).size;
const standIn = await TranscriberStandIn.start({ port, delayMs });
await standIn.phraseLengths();
const transcriber = new OpenAiTranscriber({ url: standIn.url, model: 'whisper-1' });

const started = Date.now();
let extractionCpu = 0;
let sent = 0;
let audioSeconds = 0;
const cues: Cue[] = [];
const pieces: { index: number; start: number; seconds: number; bytes: number; answeredMs: number }[] = [];
const iterator = audioPieces(fileSource(video, videoBytes))[Symbol.asyncIterator]();
for (;;) {
  const before = process.cpuUsage();
  const next = await iterator.next();
  extractionCpu += cpuMs(process.cpuUsage(before));
  if (next.done) break;
  const piece = next.value;
  const asked = Date.now();
  const outcome = await transcriber.transcribe(piece, { language: 'en' });
  if (!outcome.ok) throw new Error(`piece ${piece.index}: ${outcome.error}`);
  cues.push(...shiftCues(outcome.transcription.segments, piece.start));
  sent += piece.bytes.length;
  audioSeconds += piece.duration;
  pieces.push({
    index: piece.index,
    start: piece.start,
    seconds: piece.duration,
    bytes: piece.bytes.length,
    answeredMs: Date.now() - asked,
  });
}
const readyMs = Date.now() - started;
await standIn.close();

const audioMinutes = audioSeconds / 60;
const result = {
  minutes,
  videoBytes,
  pieces: pieces.length,
  pieceSeconds: pieces.map((piece) => Math.round(piece.seconds)),
  bytesSent: sent,
  sentShare: sent / videoBytes,
  transcriberDelayMs: delayMs,
  readySeconds: readyMs / 1000,
  extractionCpuMs: Math.round(extractionCpu),
  cpuMsPerAudioMinute: extractionCpu / audioMinutes,
  cues: cues.length,
  namedCues: cues.filter((cue) => cue.text !== '[speech]').length,
  loadBefore,
  loadAfter: uptime(),
};
await mkdir(path.join(projectRoot, 'bench-results'), { recursive: true });
await writeFile(
  path.join(projectRoot, 'bench-results', 'captions.json'),
  `${JSON.stringify({ ...result, piecesDetail: pieces }, null, 2)}\n`,
);
console.log(`
Captions, recorded: ${minutes} min of WebM (VP8 + Opus 64 kb/s), ${(videoBytes / 1e6).toFixed(1)} MB
  pieces sent           ${result.pieces} (${result.pieceSeconds.join(', ')} s)
  bytes sent            ${(sent / 1e6).toFixed(1)} MB (${(result.sentShare * 100).toFixed(1)} % of the video)
  time to ready         ${result.readySeconds.toFixed(1)} s with a ${delayMs}-ms transcriber (stand-in decodes each piece too)
  extraction CPU        ${result.extractionCpuMs} ms in all, ${result.cpuMsPerAudioMinute.toFixed(1)} ms per audio minute
  cues                  ${result.cues} (${result.namedCues} named by the stand-in)
  load before / after   ${loadBefore} / ${result.loadAfter}
Results: bench-results/captions.json`);
