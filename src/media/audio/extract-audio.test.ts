import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioPieces, AudioFormatError, type ByteSource, type ExtractedPiece } from './extract-audio.ts';

/**
 * Real files made by ffmpeg (a picture and beeps at known times), taken apart by our code, and each
 * piece read back by ffmpeg alone: audio only, the right codec, and its beeps (shifted by the
 * piece's start) where they were in the video.
 */
const run = promisify(execFile);
const BEEPS = [1, 4.5, 8.2];
const beeping = `aevalsrc='if(${BEEPS.map((t) => `between(t,${t},${t + 0.3})`).join('+')},0.6*sin(2*PI*1000*t),0)':s=48000:d=10`;
const picture = 'testsrc=size=160x120:rate=10:duration=10';

const FILES = {
  webm: ['-c:v', 'libvpx', '-b:v', '80k', '-c:a', 'libopus', '-b:a', '48k'],
  'mp4 (moov at the end)': ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '64k', '-f', 'mp4'],
  'fragmented mp4': [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof',
    '-frag_duration',
    '700000',
    '-f',
    'mp4',
  ],
  'mp4 with Opus, fragmented': [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'libopus',
    '-movflags',
    'frag_keyframe+empty_moov+default_base_moof',
    '-f',
    'mp4',
  ],
} as const;
type FileKind = keyof typeof FILES;

let dir = '';
const files = new Map<FileKind, Uint8Array>();

function sourceOf(bytes: Uint8Array, chunk = 4096): ByteSource {
  return {
    size: bytes.length,
    async read(offset, length) {
      const end = length === undefined ? bytes.length : Math.min(bytes.length, offset + length);
      return (async function* () {
        for (let at = offset; at < end; at += chunk) yield bytes.subarray(at, Math.min(end, at + chunk));
      })();
    },
  };
}

async function collect(bytes: Uint8Array, maxSeconds: number, from = 0): Promise<ExtractedPiece[]> {
  const pieces: ExtractedPiece[] = [];
  for await (const piece of audioPieces(sourceOf(bytes, 1000 + Math.floor(Math.random() * 5000)), { maxSeconds, from })) pieces.push(piece);
  return pieces;
}

/** What ffprobe says of a piece, and where its beeps start (seconds from the piece's start). */
async function readBack(piece: ExtractedPiece) {
  const file = path.join(dir, piece.filename);
  await writeFile(file, piece.bytes);
  const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file])).stdout) as {
    streams: { codec_type: string; codec_name: string }[];
    format: { duration: string };
  };
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 << 20,
  });
  const pcm = new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length >> 1);
  const onsets: number[] = [];
  for (let i = 0; i < pcm.length; i++) {
    if (Math.abs(pcm[i]!) > 6000) {
      onsets.push(i / 16000);
      i += 8000; // past this beep
    }
  }
  return { streams: probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`), duration: Number(probe.format.duration), onsets };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audio-pieces-'));
  for (const [kind, args] of Object.entries(FILES) as [FileKind, readonly string[]][]) {
    const out = path.join(dir, `source-${kind.replace(/\W+/g, '-')}.${kind === 'webm' ? 'webm' : 'mp4'}`);
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', picture, '-f', 'lavfi', '-i', beeping, ...args, '-y', out]);
    files.set(kind, new Uint8Array(await readFile(out)));
  }
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(Object.keys(FILES) as FileKind[])('the audio of a %s', (kind) => {
  it('comes out in pieces of at most the length asked, audio only, each beep where it was in the video', async () => {
    const pieces = await collect(files.get(kind)!, 3);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    const expectedCodec = kind === 'webm' || kind.includes('Opus') ? 'audio:opus' : 'audio:aac';
    const heard: number[] = [];
    for (const [i, piece] of pieces.entries()) {
      expect(piece.index).toBe(i);
      expect(piece.duration).toBeLessThanOrEqual(3.05);
      expect(piece.contentType).toBe(kind === 'webm' ? 'audio/webm' : 'audio/mp4');
      const back = await readBack(piece);
      expect(back.streams).toEqual([expectedCodec]);
      expect(back.duration).toBeGreaterThan(piece.duration - 0.15);
      expect(back.duration).toBeLessThan(piece.duration + 0.15);
      heard.push(...back.onsets.map((t) => t + piece.start));
    }
    // Pieces follow each other and cover the video.
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.start).toBeCloseTo(pieces[i - 1]!.start + pieces[i - 1]!.duration, 1);
    expect(pieces.at(-1)!.start + pieces.at(-1)!.duration).toBeGreaterThan(9.8);
    expect(heard).toHaveLength(BEEPS.length);
    heard.forEach((t, i) => expect(Math.abs(t - BEEPS[i]!)).toBeLessThan(0.06));
  }, 60_000);

  it('skips the pieces a job already finished', async () => {
    const all = await collect(files.get(kind)!, 3);
    const rest = await collect(files.get(kind)!, 3, 2);
    expect(rest.map((piece) => [piece.index, piece.start])).toEqual(all.slice(2).map((piece) => [piece.index, piece.start]));
  });
});

describe('what has no audio to give', () => {
  it('refuses a file that is neither WebM nor MP4, and a video without sound', async () => {
    const refusal = async (bytes: Uint8Array) => {
      try {
        await collect(bytes, 600);
        return 'taken';
      } catch (error) {
        return error instanceof AudioFormatError ? error.message : String(error);
      }
    };
    expect(await refusal(new TextEncoder().encode('<html>not a video at all</html>'))).toBe('the video is neither WebM nor MP4');
    const silent = path.join(dir, 'silent.webm');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', picture, '-c:v', 'libvpx', '-t', '2', '-y', silent]);
    expect(await refusal(new Uint8Array(await readFile(silent)))).toBe('the video has no audio track');
    const cut = files.get('mp4 (moov at the end)')!.slice(0, 5000);
    expect(await refusal(cut)).toMatch(/damaged|no moov/);
  }, 30_000);
});
