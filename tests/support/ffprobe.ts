import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * FFmpeg's ffprobe as an independent reader of what we write (a file ffprobe reads without
 * complaint is a file the world's players can play). Debian's `ffmpeg` package; .ci/run installs it.
 * Without it, outside CI, the tests that need it are skipped with a note; in CI they fail.
 */
const run = promisify(execFile);

export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

export async function hasFfprobe(): Promise<boolean> {
  try {
    await run(FFPROBE, ['-version']);
    return true;
  } catch {
    if (process.env.CI) throw new Error("ffprobe is missing: install Debian's ffmpeg (.ci/run does)");
    console.warn('ffprobe not found: skipping the checks that read our files with it');
    return false;
  }
}

export interface Probe {
  streams: { codec_name: string; codec_type: string; profile?: string; width?: number; height?: number; duration?: string }[];
  format: { format_name: string; duration?: string };
  /** What ffprobe said on stderr at warning level or worse: empty for a clean file. */
  complaints: string;
}

/** Probes a URL or a file path. */
export async function ffprobe(input: string): Promise<Probe> {
  const { stdout, stderr } = await run(FFPROBE, ['-v', 'warning', '-show_streams', '-show_format', '-of', 'json', input], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const parsed = JSON.parse(stdout) as Omit<Probe, 'complaints'>;
  return { ...parsed, complaints: stderr.trim() };
}

/** Probes bytes, written to a temporary file. */
export async function ffprobeBytes(bytes: Uint8Array, name = 'probe.mp4'): Promise<Probe> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ffprobe-'));
  try {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return await ffprobe(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Decodes every frame of `input` and answers what FFmpeg complained about (empty: it decoded cleanly). */
export async function ffmpegDecodeErrors(input: string): Promise<string> {
  const { stderr } = await run(FFMPEG, ['-v', 'error', '-i', input, '-f', 'null', '-'], { maxBuffer: 16 * 1024 * 1024 });
  return stderr.trim();
}
