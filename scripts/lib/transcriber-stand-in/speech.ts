import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Real audio for captions' tests and benchmarks, made on this machine (Debian's espeak-ng, sox and
 * ffmpeg): spoken phrases, and the energy detector the stand-in transcriber hears them with.
 */
const run = promisify(execFile);
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
export const ESPEAK = process.env.ESPEAK_PATH ?? 'espeak-ng';

/** The sample rate audio is decoded at to be heard. */
export const HEARING_RATE = 16_000;
const FRAME = HEARING_RATE / 50; // 20 ms
/** RMS of a 20-ms frame that counts as sound (about -36 dBFS). */
const LOUD = 500;
/** Pauses shorter than this are inside a phrase (between its words). */
const WORD_GAP_SECONDS = 0.35;
const SHORTEST_SOUND_SECONDS = 0.12;

export interface SoundRegion {
  start: number;
  end: number;
}

/** Where there is sound in 16-kHz mono PCM: regions of loud frames, short pauses bridged. */
export function soundRegions(pcm: Int16Array): SoundRegion[] {
  const regions: SoundRegion[] = [];
  let open: SoundRegion | null = null;
  for (let at = 0; at + FRAME <= pcm.length; at += FRAME) {
    let sum = 0;
    for (let i = at; i < at + FRAME; i++) sum += pcm[i]! * pcm[i]!;
    const loud = Math.sqrt(sum / FRAME) > LOUD;
    const t = at / HEARING_RATE;
    if (loud) {
      if (open && t - open.end <= WORD_GAP_SECONDS) open.end = t + FRAME / HEARING_RATE;
      else {
        if (open) regions.push(open);
        open = { start: t, end: t + FRAME / HEARING_RATE };
      }
    }
  }
  if (open) regions.push(open);
  return regions.filter((region) => region.end - region.start >= SHORTEST_SOUND_SECONDS);
}

/** Decodes any audio file ffmpeg reads to 16-kHz mono PCM (throws with ffmpeg's words when it cannot). */
export async function decodeToPcm(file: string): Promise<Int16Array> {
  const { stdout } = await run(FFMPEG, ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', String(HEARING_RATE), '-f', 's16le', '-'], {
    encoding: 'buffer',
    maxBuffer: 512 * 1024 * 1024,
  });
  return new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length >> 1);
}

/** espeak-ng saying `text` into a WAV file in `dir`. */
export async function speak(text: string, dir: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.wav`);
  await run(ESPEAK, ['-v', 'en-us', '-s', '160', '-w', file, text]);
  return file;
}

/** How long each phrase sounds when spoken (its sound region), measured as the stand-in will hear it. */
export async function phraseLengths(phrases: readonly string[]): Promise<Map<string, number>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'phrases-'));
  try {
    const lengths = new Map<string, number>();
    for (const [i, phrase] of phrases.entries()) {
      const regions = soundRegions(await decodeToPcm(await speak(phrase, dir, `p${i}`)));
      if (regions.length === 0) throw new Error(`espeak-ng said nothing for "${phrase}"`);
      lengths.set(phrase, regions.at(-1)!.end - regions[0]!.start);
    }
    return lengths;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface SpokenVideo {
  bytes: Uint8Array;
  contentType: string;
  /** Where each phrase is heard in the video (seconds), as the stand-in hears it. */
  phrases: { text: string; start: number; end: number }[];
  duration: number;
}

/**
 * A small video (a test picture) whose sound is `phrases` spoken one after another with `gapSeconds`
 * of silence between and around them: WebM (VP8 and Opus) or MP4 (H.264 and AAC; `fragmented` as a live
 * camera's, for live captions).
 */
export async function spokenVideo(
  phrases: readonly string[],
  options: { gapSeconds?: number; container?: 'webm' | 'mp4'; size?: string; fragmented?: boolean } = {},
): Promise<SpokenVideo> {
  const gap = options.gapSeconds ?? 1.5;
  const container = options.container ?? 'webm';
  const dir = await mkdtemp(path.join(tmpdir(), 'spoken-video-'));
  try {
    const silence = path.join(dir, 'silence.wav');
    await run('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', silence, 'trim', '0', String(gap)]);
    const parts = [silence];
    for (const [i, phrase] of phrases.entries()) parts.push(await speak(phrase, dir, `p${i}`), silence);
    const sound = path.join(dir, 'sound.wav');
    await run('sox', [...parts, sound]);
    const out = path.join(dir, `video.${container}`);
    const codecs =
      container === 'webm'
        ? ['-c:v', 'libvpx', '-b:v', '60k', '-c:a', 'libopus', '-b:a', '32k']
        : [
            ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k'],
            // Fragmented as a live camera's (a fragment a second, each starting on a keyframe), or progressive.
            ...(options.fragmented
              ? ['-g', '10', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '1000000']
              : ['-movflags', '+faststart']),
          ];
    await run(FFMPEG, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${options.size ?? '160x120'}:rate=10`,
      '-i',
      sound,
      '-shortest',
      ...codecs,
      '-y',
      out,
    ]);
    const { readFile } = await import('node:fs/promises');
    const bytes = new Uint8Array(await readFile(out));
    const regions = soundRegions(await decodeToPcm(out));
    if (regions.length !== phrases.length) throw new Error(`heard ${regions.length} phrases in the made video, not ${phrases.length}`);
    const duration = (await decodeToPcm(sound)).length / HEARING_RATE;
    return {
      bytes,
      contentType: container === 'webm' ? 'video/webm' : 'video/mp4',
      phrases: regions.map((region, i) => ({ text: phrases[i]!, start: region.start, end: region.end })),
      duration,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes bytes to a temporary file for a tool that reads files, and removes it after. */
export async function withTempFile<T>(bytes: Uint8Array, name: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stand-in-'));
  const file = path.join(dir, name.replace(/[^\w.-]/g, '_') || 'audio');
  try {
    await writeFile(file, bytes);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface Probed {
  streams: { codec_type: string; codec_name: string }[];
  duration: number;
}

export async function probe(file: string): Promise<Probed> {
  const { stdout } = await run(FFPROBE, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  const parsed = JSON.parse(stdout) as { streams?: { codec_type: string; codec_name: string }[]; format?: { duration?: string } };
  return { streams: parsed.streams ?? [], duration: Number(parsed.format?.duration ?? NaN) };
}
