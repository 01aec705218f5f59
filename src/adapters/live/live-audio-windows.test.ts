import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeToPcm,
  soundRegions,
  spokenVideo,
  withTempFile,
  type SpokenVideo,
} from '../../../scripts/lib/transcriber-stand-in/speech.ts';
import { readBoxHeader } from '../../media/mp4/boxes.ts';
import { parseInitSegment } from '../../media/webm/webm-scanner.ts';
import { liveAudio, type LiveAudioFrame } from '../../media/audio/live-audio.ts';
import { LiveWindows, type AudioWindow } from '../../media/audio/live-windows.ts';

/**
 * What a live room hears (room-captions.ts, decision 128): a camera's stream (espeak-ng phrases with
 * pauses, made by ffmpeg as WebM and as fragmented MP4) fed to the live audio reader in small chunks,
 * as a room receives it: every window is an audio-only file ffmpeg decodes, the windows together
 * hold all the sound, and each phrase is heard whole in one window (the cut falls in a pause).
 */
const run = promisify(execFile);
const PHRASES = ['Good evening.', 'The harbour bridge is closed tonight.', 'Back to you in the studio now.', 'Good evening.'];

/** Where the stream's bytes after its initialisation segment begin. */
function initLength(kind: 'webm' | 'mp4', bytes: Uint8Array): number {
  if (kind === 'webm') return parseInitSegment(bytes)!.bytes.length;
  let pos = 0;
  for (;;) {
    const header = readBoxHeader(bytes, pos)!;
    if (header.type === 'moof') return pos;
    pos += header.size!;
  }
}

async function windowsOf(kind: 'webm' | 'mp4', video: SpokenVideo) {
  const at = initLength(kind, video.bytes);
  const audio = liveAudio(kind, video.bytes.subarray(0, at));
  const windows = new LiveWindows<LiveAudioFrame>();
  const done: AudioWindow<LiveAudioFrame>[] = [];
  for (let pos = at; pos < video.bytes.length; pos += 3000) done.push(...windows.add(audio.push(video.bytes.subarray(pos, pos + 3000))));
  const last = windows.flush();
  if (last) done.push(last);
  return { audio, windows: done };
}

describe.each(['webm', 'mp4'] as const)('live audio from %s', (kind) => {
  let video: SpokenVideo;
  beforeAll(async () => {
    video = await spokenVideo(PHRASES, { container: kind, fragmented: true });
  }, 60_000);

  it('cuts windows of 3 to 5 s in the pauses, each an audio-only file ffmpeg hears', async () => {
    const { audio, windows } = await windowsOf(kind, video);
    expect(windows.length).toBeGreaterThanOrEqual(3);
    const heard: { start: number; end: number }[] = [];
    for (const window of windows) {
      const file = audio.file(window.frames);
      expect(file.contentType).toBe(kind === 'webm' ? 'audio/webm' : 'audio/mp4');
      await withTempFile(file.bytes, `window.${file.extension}`, async (path) => {
        const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path]);
        expect((JSON.parse(stdout) as { streams: { codec_type: string }[] }).streams.map((s) => s.codec_type)).toEqual(['audio']);
        for (const region of soundRegions(await decodeToPcm(path)))
          heard.push({ start: region.start + window.start, end: region.end + window.start });
      });
      const span = window.frames.at(-1)!.time - window.start;
      expect(span).toBeLessThan(5.5);
    }
    // Every phrase heard whole, once, where it is in the video (to within 0.1 s).
    expect(heard.length).toBe(video.phrases.length);
    for (const [i, phrase] of video.phrases.entries()) {
      expect(Math.abs(heard[i]!.start - phrase.start)).toBeLessThan(0.1);
      expect(Math.abs(heard[i]!.end - phrase.end)).toBeLessThan(0.1);
    }
    // No frame lost or repeated between windows.
    const times = windows.flatMap((window) => window.frames.map((frame) => frame.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    expect(times.at(-1)!).toBeGreaterThan(video.duration - 0.5);
  }, 60_000);
});
