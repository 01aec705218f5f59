import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { WebVTTParser, type CueNode } from 'webvtt-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import worker from '../../src/worker.ts';
import type { CaptionTrackAnswer } from '../../src/domain/captions/entities.ts';
import type { HeardRequest } from '../../scripts/lib/transcriber-stand-in/transcriber-stand-in.ts';
import { api, signUp } from './support/api.ts';
import { publish, sendAll, startStream } from './support/live.ts';

/**
 * Live captions (docs/product/api-captions.md "Live", decision 128): a camera's fragmented MP4 with
 * spoken phrases (espeak-ng, made by the stand-in transcriber, which decodes every window it is
 * sent) streamed to a room; its live cues, the multivariant playlist's SUBTITLES rendition and the
 * WebVTT segments (read by webvtt-parser) say the phrases where they are spoken; the recording keeps
 * the whole track without being transcribed again.
 */
const standIn = inject('transcriberOrigin');

interface Spoken {
  bytes: Uint8Array;
  phrases: { text: string; start: number; end: number }[];
}

async function spokenStream(phrases: number[]): Promise<Spoken> {
  const res = await fetch(`${standIn}/_stand-in/video?phrases=${phrases.join(',')}&container=fmp4`);
  if (!res.ok) throw new Error(`the stand-in made no video: ${res.status}`);
  return {
    bytes: new Uint8Array(await res.arrayBuffer()),
    phrases: JSON.parse(decodeURIComponent(res.headers.get('x-phrases')!)) as Spoken['phrases'],
  };
}

async function heard(): Promise<HeardRequest[]> {
  return (await fetch(`${standIn}/_stand-in/requests`)).json();
}

async function get(path: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://newsroom.test${path}`), env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, text: new TextDecoder().decode(await res.arrayBuffer()) };
}

/** Polls `path` (answers are cached for a second) until `check` holds. */
async function getWhen(path: string, check: (text: string) => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await get(path);
    if (res.status === 200 && check(res.text)) return res;
    if (Date.now() > deadline) throw new Error(`${path} never showed ${what}: ${res.status} ${res.text}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const REFERENCES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&lrm;': '\u200e', '&rlm;': '\u200f', '&nbsp;': '\u00a0' };
function shownText(node: CueNode): string {
  return node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(shownText).join('');
}

/** A served WebVTT segment read by an independent parser: its header's X-TIMESTAMP-MAP and its cues. */
function readVttSegment(text: string) {
  const lines = text.split('\n');
  expect(lines[0]).toBe('WEBVTT');
  // HLS's metadata header (RFC 8216 3.5), on the line after the signature as Apple writes it; the
  // WebVTT parser (today's W3C grammar) has no header lines, so it reads the file without it.
  const map = /^X-TIMESTAMP-MAP=MPEGTS:(\d+),LOCAL:(\d\d):(\d\d):(\d\d\.\d{3})$/.exec(lines[1] ?? '');
  expect(map, lines.slice(0, 3).join('|')).not.toBeNull();
  const parsed = new WebVTTParser(REFERENCES).parse([lines[0], ...lines.slice(2)].join('\n'), 'metadata');
  expect(parsed.errors).toEqual([]);
  const local = Number(map![2]) * 3600 + Number(map![3]) * 60 + Number(map![4]);
  return {
    mpegts: Number(map![1]),
    local,
    cues: parsed.cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: shownText(cue.tree) })),
  };
}

/** A media playlist's segment URIs with their EXTINF and its tags. */
function readPlaylist(text: string) {
  const lines = text.split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const tags = new Map<string, string>();
  const uris: string[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXTINF') || line.startsWith('#EXT-X-PROGRAM-DATE-TIME')) continue;
    if (line.startsWith('#')) {
      const [name, value = ''] = line.slice(1).split(/:(.*)/s);
      tags.set(name!, value);
    } else if (line !== '') uris.push(line);
  }
  return { tags, uris };
}

function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size));
  return chunks;
}

let reporter: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  reporter = await signUp('reporter');
}, 60_000);

describe('a live stream with a transcriber', () => {
  it('is heard in windows as it arrives: live cues, a SUBTITLES rendition of WebVTT segments, and the recording keeps the whole track', async () => {
    const video = await spokenStream([0, 1, 4, 0]);
    const stream = await startStream(reporter.token, 'Live from the harbour bridge');
    const publisher = await publish(stream.id, reporter.token);
    const since = Date.now();
    await sendAll(publisher, chunksOf(video.bytes, 16 * 1024));
    const base = `/api/streams/${stream.id}`;

    // The site's players: the cues heard so far, on the stream's media timeline. The last phrase's
    // window closes only when more audio comes, or at the end (the camera has stopped sending).
    const penultimate = video.phrases.at(-2)!;
    const recent = await getWhen(
      `${base}/live/captions`,
      (text) => (JSON.parse(text) as { heardThrough: number | null }).heardThrough! >= penultimate.end,
      'all but the last phrase heard',
    );
    const live = JSON.parse(recent.text) as { captioned: boolean; cues: { start: number; end: number; text: string }[] };
    expect(live.captioned).toBe(true);
    for (const phrase of video.phrases.slice(0, -1)) {
      const cue = live.cues.find((candidate) => Math.abs(candidate.start - phrase.start) < 0.1);
      expect(cue, `a cue at ${phrase.start}`).toMatchObject({ text: phrase.text });
      expect(Math.abs(cue!.end - phrase.end)).toBeLessThan(0.1);
    }

    // The multivariant playlist: the media playlist, with the captions as a WebVTT SUBTITLES rendition.
    const master = await get(`${base}/master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('access-control-allow-origin')).toBe('*');
    const lines = master.text.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    const media = lines.find((line) => line.startsWith('#EXT-X-MEDIA:'))!;
    expect(media).toContain('TYPE=SUBTITLES');
    expect(media).toContain('GROUP-ID="captions"');
    expect(media).toContain('URI="captions.m3u8"');
    expect(media).toContain('LANGUAGE="en"');
    const inf = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(lines[inf]).toMatch(/BANDWIDTH=\d+/);
    expect(lines[inf]).toContain('CODECS="avc1.');
    expect(lines[inf]).toContain('SUBTITLES="captions"');
    expect(lines[inf + 1]).toBe('live.m3u8');

    // Players stay behind the edge where the captions are final; the subtitles playlist lists only those segments.
    const mediaPlaylist = readPlaylist((await get(`${base}/live.m3u8`)).text);
    expect(mediaPlaylist.tags.get('EXT-X-SERVER-CONTROL')).toBe('CAN-BLOCK-RELOAD=YES,HOLD-BACK=12.0');
    const subtitles = readPlaylist((await get(`${base}/captions.m3u8`)).text);
    expect(subtitles.tags.get('EXT-X-SERVER-CONTROL')).toBe('HOLD-BACK=12.0');
    expect(subtitles.tags.get('EXT-X-MEDIA-SEQUENCE')).toBe(mediaPlaylist.tags.get('EXT-X-MEDIA-SEQUENCE'));
    expect(subtitles.uris.length).toBeGreaterThan(0);
    const numbers = (uris: string[], pattern: RegExp) => uris.map((uri) => Number(pattern.exec(uri)![1]));
    expect(numbers(mediaPlaylist.uris, /^live\/(\d+)\.m4s$/).slice(0, subtitles.uris.length)).toEqual(
      numbers(subtitles.uris, /^captions\/(\d+)\.vtt$/),
    );

    // After the end every segment is listed, each a WebVTT file with its X-TIMESTAMP-MAP, the cues together the phrases.
    expect((await api(`${base}/end`, { method: 'POST', token: reporter.token })).status).toBe(200);
    await publisher.waitForClose();
    const ended = readPlaylist((await getWhen(`${base}/captions.m3u8`, (text) => text.includes('#EXT-X-ENDLIST'), 'its end')).text);
    const fromSegments: { start: number; end: number; text: string }[] = [];
    for (const uri of ended.uris) {
      const segment = await get(`${base}/${uri}`);
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
      const vtt = readVttSegment(segment.text);
      // LOCAL is the segment's media time, MPEGTS the same on a 90-kHz clock: cues are on the media timeline.
      expect(vtt.mpegts).toBe(Math.round(vtt.local * 90_000));
      for (const cue of vtt.cues)
        if (!fromSegments.some((seen) => seen.start === cue.start && seen.text === cue.text)) fromSegments.push(cue);
    }
    for (const phrase of video.phrases) {
      const cue = fromSegments.find((candidate) => Math.abs(candidate.start - phrase.start) < 0.1);
      expect(cue, `a segment's cue at ${phrase.start}`).toMatchObject({ text: phrase.text });
    }
    expect(numbers(ended.uris, /^captions\/(\d+)\.vtt$/)).toEqual(
      numbers(readPlaylist((await get(`${base}/live.m3u8`)).text).uris, /^live\/(\d+)\.m4s$/),
    );

    // The recording keeps the whole track, ready at once: the windows heard on air, no second transcription.
    const tracks = (await api<CaptionTrackAnswer[]>(`/api/stories/${stream.storyId}/captions`, { token: reporter.token })).body;
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ source: 'auto', state: 'ready', lang: 'en' });
    const track = (await api<CaptionTrackAnswer>(`/api/stories/${stream.storyId}/captions/${tracks[0]!.id}`, { token: reporter.token }))
      .body;
    expect(track.cues!.map((cue) => cue.text)).toEqual(video.phrases.map((phrase) => phrase.text));
    const requests = (await heard()).filter((request) => request.at >= since);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const request of requests) {
      expect(request).toMatchObject({ streams: ['audio:aac'], contentType: 'audio/mp4', status: 200 });
      expect(request.duration).toBeLessThan(5.5);
    }
  }, 180_000);

  it('answers 404 for a captions segment not listed yet and for no such stream; a stream not heard yet has no cues', async () => {
    expect((await get('/api/streams/999999/master.m3u8')).status).toBe(404);
    expect((await get('/api/streams/999999/live/captions')).status).toBe(404);
    const stream = await startStream(reporter.token, 'Nothing yet');
    expect((await get(`/api/streams/${stream.id}/captions/0.vtt`)).status).toBe(404);
    expect((await get(`/api/streams/${stream.id}/captions/x.vtt`)).status).toBe(404);
    expect(JSON.parse((await get(`/api/streams/${stream.id}/live/captions`)).text)).toEqual({
      captioned: true,
      heardThrough: null,
      cues: [],
    });
    await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token });
  }, 60_000);
});
