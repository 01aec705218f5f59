import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../src/media/bytes.ts';
import { makeMp4Seekable } from '../../src/media/mp4/mp4-recording.ts';
import { loopMp4Recording } from '../../scripts/bench/live/mp4-looper.ts';
import { api, deps, signUp } from './support/api.ts';
import {
  cameraChunks,
  graceRunsOut,
  liveGet,
  liveStreamed,
  manifestWhen,
  mp4CameraBytes,
  mp4CameraChunks,
  objectWorkDuring,
  publish,
  roomOf,
  sendAll,
  startStream,
  type LiveSocket,
} from './support/live.ts';
import { byteDifference, readObject } from './support/media.ts';

/**
 * Live video for every device (issue 18, docs/product/api-video.md): a stream whose first
 * bytes are a fragmented MP4 (this machine's Chromium recording H.264 + Opus) goes through the same
 * publisher socket, is cut into whole fragments as segments, is listed in an HLS playlist whose
 * URIs are those very segments, and is recorded as one MP4 that plays and seeks from its first
 * byte. Expectations are read off the fixture by hand here, not through the code under test.
 */

const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const typeAt = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));

/** The fixture's top-level boxes. */
function topBoxes(bytes: Uint8Array) {
  const boxes: { type: string; start: number; end: number }[] = [];
  for (let at = 0; at < bytes.length; at += u32(bytes, at)) boxes.push({ type: typeAt(bytes, at), start: at, end: at + u32(bytes, at) });
  return boxes;
}

const boxes = topBoxes(mp4CameraBytes);
const initLength = boxes.find((box) => box.type === 'moof')!.start;
/** Each fragment: a moof and its mdat. */
const fragments = boxes
  .filter((box) => box.type === 'moof')
  .map((moof) => ({ start: moof.start, end: boxes.find((box) => box.type === 'mdat' && box.start === moof.end)!.end }));

/**
 * Where `actual` differs from the recorder's bytes `original`: only whole 32-bit sample durations
 * the recorder wrote 1,008 (21 ms of Opus at 48 kHz) and that now say 2,880 (60 ms). Answers how many.
 */
function correctedDurations(actual: Uint8Array, original: Uint8Array): number {
  expect(actual.length).toBe(original.length);
  let corrected = 0;
  for (let i = 0; i < actual.length; i++) {
    if (actual[i] === original[i]) continue;
    // The 4-byte field holding the difference: where 1,008 was written.
    let start = -1;
    for (let s = Math.max(0, i - 3); s <= i; s++) if (u32(original, s) === 1008 && u32(actual, s) === 2880) start = s;
    expect(start, `byte ${i} differs outside a corrected duration`).toBeGreaterThanOrEqual(0);
    corrected++;
    i = start + 3;
  }
  return corrected;
}

async function segmentsFrom(streamId: number, from: number, to: number): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let n = from; n <= to; n++) {
    const res = await liveGet(streamId, n);
    expect(res.status, `segment ${n}`).toBe(200);
    out.push(res.bytes);
  }
  return out;
}

interface Playlist {
  text: string;
  tags: Map<string, string>;
  entries: { uri: string; duration: number; dateTime: number }[];
}

/** An HLS media playlist read line by line (RFC 8216 4.3). */
function readPlaylist(text: string): Playlist {
  const lines = text.split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const tags = new Map<string, string>();
  const entries: Playlist['entries'] = [];
  let duration: number | null = null;
  let dateTime = Number.NaN;
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXTINF:')) duration = Number(line.slice(8).split(',')[0]);
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) dateTime = Date.parse(line.slice(25));
    else if (line.startsWith('#')) {
      const [name, value = ''] = line.slice(1).split(/:(.*)/s);
      tags.set(name!, value);
    } else if (line !== '') {
      expect(duration, `EXTINF before ${line}`).not.toBeNull();
      entries.push({ uri: line, duration: duration!, dateTime });
      duration = null;
    }
  }
  return { text, tags, entries };
}

async function playlistOf(streamId: number, query = ''): Promise<Playlist & { status: number; headers: Headers }> {
  const res = await liveGet(streamId, `.m3u8${query}`);
  expect(res.status, res.text).toBe(200);
  return { ...readPlaylist(res.text), status: res.status, headers: res.headers };
}

/** The playlist once `check` holds (it is cached for a second, like the manifest). */
async function playlistWhen(streamId: number, check: (playlist: Playlist) => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const playlist = await playlistOf(streamId);
    if (check(playlist)) return playlist;
    if (Date.now() > deadline) throw new Error(`the playlist never showed ${what}:\n${playlist.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startMp4(): Promise<{ token: string; stream: Awaited<ReturnType<typeof startStream>>; publisher: LiveSocket }> {
  const reporter = await signUp('reporter');
  const stream = await startStream(reporter.token);
  const publisher = await publish(stream.id, reporter.token);
  await publisher.waitFor('ready');
  return { token: reporter.token, stream, publisher };
}

async function endedStory(storyId: number) {
  const deadline = Date.now() + 10_000;
  let story = await deps.stories.findById(storyId);
  while (story?.isLive && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    story = await deps.stories.findById(storyId);
  }
  return story!;
}

describe('an MP4 stream on the publisher socket', () => {
  it('is cut into whole fragments, each a keyframe join point, the recorder’s short Opus samples corrected; an early viewer gets every byte', async () => {
    const { stream, publisher, token } = await startMp4();
    const early = liveGet(stream.id, 0, 'early-mp4-viewer');
    // The recorder's first chunk is the init section alone: no segment yet, but the type is known.
    await sendAll(publisher, mp4CameraChunks.slice(0, 1));
    expect((await manifestWhen(stream.id, (m) => m.mimeType !== null, 'the type')).mimeType).toBe('video/mp4; codecs="avc1.640c15,opus"');
    const init = await liveGet(stream.id, 'init');
    expect(init.headers.get('Content-Type')).toBe('video/mp4; codecs="avc1.640c15,opus"');
    expect(byteDifference(init.bytes, mp4CameraBytes.subarray(0, initLength))).toBe('equal');

    await sendAll(publisher, mp4CameraChunks.slice(1), mp4CameraChunks[0]!.length);
    const first = await early;
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('video/mp4');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const manifest = await manifestWhen(stream.id, (m) => m.latest === fragments.length - 1, 'every fragment');
    // Every fragment starts on a keyframe, so the newest is where a late viewer starts.
    expect(manifest).toMatchObject({ state: 'live', first: fragments.length - 1, publisher: true });

    const segments = await segmentsFrom(stream.id, 0, fragments.length - 1);
    segments.forEach((segment, n) => {
      expect(typeAt(segment, 0), `segment ${n}`).toBe('moof');
      expect(segment.length, `segment ${n}`).toBe(fragments[n]!.end - fragments[n]!.start);
    });
    // Back to back they are the recorder's bytes, but for one corrected duration per fragment.
    expect(correctedDurations(concatBytes(segments), mp4CameraBytes.subarray(initLength))).toBe(fragments.length);
    expect(byteDifference(segments[0]!, first.bytes)).toBe('equal');

    // A late viewer's join: the init section, then the newest fragment.
    const { res, done } = await liveStreamed(stream.id, 'start');
    const reader = res.body!.getReader();
    const head = await reader.read();
    expect(res.headers.get('Content-Type')).toBe('video/mp4; codecs="avc1.640c15,opus"');
    expect(byteDifference(head.value!.subarray(0, initLength), mp4CameraBytes.subarray(0, initLength))).toBe('equal');
    await reader.cancel();
    await done();
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token })).status).toBe(200);
    // The room also hears the stream for its captions (decision 128), and the end waits for its last windows.
  }, 60_000);

  it('is listed in an HLS playlist that grows while live, blocks for the next segment, and ends with EXT-X-ENDLIST; its URIs are the same cached segments', async () => {
    const { stream, publisher, token } = await startMp4();
    expect((await liveGet(stream.id, '.m3u8')).status).toBe(200);
    let sent = await sendAll(publisher, mp4CameraChunks.slice(0, 4));
    const live = await playlistWhen(stream.id, (playlist) => playlist.entries.length === 5, 'the first five fragments');
    expect(live.headers.get('Content-Type')).toBe('application/vnd.apple.mpegurl');
    expect(live.headers.get('Cache-Control')).toBe('public, max-age=1');
    // Any site's player may read it (hls.js on a partner's page).
    expect(live.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(Number(live.tags.get('EXT-X-VERSION'))).toBeGreaterThanOrEqual(7);
    expect(live.tags.get('EXT-X-MAP')).toBe('URI="live/init.mp4"');
    // The tests' worker has a transcriber: the stream is captioned, and players stay where its captions are final (decision 128).
    expect(live.tags.get('EXT-X-SERVER-CONTROL')).toBe('CAN-BLOCK-RELOAD=YES,HOLD-BACK=12.0');
    expect(live.tags.has('EXT-X-INDEPENDENT-SEGMENTS')).toBe(true);
    expect(live.tags.has('EXT-X-ENDLIST')).toBe(false);
    const target = Number(live.tags.get('EXT-X-TARGETDURATION'));
    expect(target).toBe(2);
    expect(live.entries.length).toBeGreaterThan(0);
    expect(Number(live.tags.get('EXT-X-MEDIA-SEQUENCE'))).toBe(parseInt(live.entries[0]!.uri.split('/')[1]!, 10));
    for (const [i, entry] of live.entries.entries()) {
      expect(entry.uri).toMatch(/^live\/\d+\.m4s$/);
      expect(entry.duration).toBeGreaterThan(0.5);
      expect(entry.duration).toBeLessThanOrEqual(2);
      if (i > 0) expect(entry.dateTime - live.entries[i - 1]!.dateTime).toBeCloseTo(live.entries[i - 1]!.duration * 1000, -1);
      // Relative to /api/streams/{id}/live.m3u8: the very segment objects, immutable and cached.
      const segment = await liveGet(stream.id, parseInt(entry.uri.split('/')[1]!, 10));
      // Under its playlist name too: the same object.
      expect(byteDifference((await liveGet(stream.id, entry.uri.split('/')[1]!)).bytes, segment.bytes)).toBe('equal');
      expect(segment.status).toBe(200);
      expect(typeAt(segment.bytes, 0)).toBe('moof');
    }
    expect(Math.abs(live.entries[0]!.dateTime - Date.now())).toBeLessThan(60_000);

    // A blocking reload for the next segment waits until it exists, then lists it.
    const next = parseInt(live.entries.at(-1)!.uri.split('/')[1]!, 10) + 1;
    const blocked = playlistOf(stream.id, `?_HLS_msn=${next}`);
    sent = await sendAll(publisher, mp4CameraChunks.slice(4, 5), sent);
    const after = await blocked;
    expect(after.entries.map((entry) => entry.uri)).toContain(`live/${next}.m4s`);
    expect((await liveGet(stream.id, `.m3u8?_HLS_msn=${next + 10}`)).status).toBe(400);
    expect((await liveGet(stream.id, '.m3u8?_HLS_msn=soon')).status).toBe(400);
    expect((await liveGet(stream.id, '.m3u8?_HLS_part=1')).status).toBe(400);

    await sendAll(publisher, mp4CameraChunks.slice(5), sent);
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token })).status).toBe(200);
    const ended = await playlistWhen(stream.id, (playlist) => playlist.tags.has('EXT-X-ENDLIST'), 'the end');
    // Everything streamed, from the first segment, and the end.
    expect(ended.text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(ended.tags.get('EXT-X-PLAYLIST-TYPE')).toBe('VOD');
    expect(ended.entries.map((entry) => entry.uri)).toEqual(fragments.map((_, n) => `live/${n}.m4s`));
    const total = ended.entries.reduce((sum, entry) => sum + entry.duration, 0);
    expect(total).toBeCloseTo(7.99, 1);
  });

  it('is recorded as one MP4: its header with the duration and an index, then every segment byte for byte; served as video/mp4 with ranges', async () => {
    const { stream, publisher } = await startMp4();
    await sendAll(publisher, mp4CameraChunks);
    const segments = concatBytes(await segmentsFrom(stream.id, 0, fragments.length - 1));
    publisher.ws.close(1000);
    const story = await endedStory(stream.storyId);
    expect(story).toMatchObject({ isLive: false, status: 'published' });
    expect(story.videoUrl).toMatch(/^\/media\/streams\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
    const key = story.videoUrl!.replace('/media/', '');
    const recording = await readObject(key);
    expect((await env.MEDIA.head(key))?.httpMetadata?.contentType).toBe('video/mp4');
    // What the in-memory fix of the same bytes gives (checked against ffprobe in src/media/mp4).
    expect(byteDifference(recording, concatBytes(makeMp4Seekable(mp4CameraBytes)!))).toBe('equal');

    const top = topBoxes(recording);
    expect(top.map((box) => box.type).slice(0, 5)).toEqual(['ftyp', 'moov', 'sidx', 'free', 'moof']);
    const mediaAt = top[4]!.start;
    expect(byteDifference(recording.subarray(mediaAt), segments)).toBe('equal');
    // mvhd (version 1): timescale, then the duration, 64 bits.
    const mvhd = top[1]!.start + 8;
    expect(typeAt(recording, mvhd)).toBe('mvhd');
    const timescale = u32(recording, mvhd + 8 + 20);
    const duration = u32(recording, mvhd + 8 + 24) * 2 ** 32 + u32(recording, mvhd + 8 + 28);
    expect(duration / timescale).toBeCloseTo(7.99, 1);

    const ranged = await api(story.videoUrl!, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('Content-Type')).toBe('video/mp4');
    expect(ranged.headers.get('Content-Range')).toBe(`bytes 0-99/${recording.length}`);
  });

  it('writes a long recording to R2 in parts as it goes, and after the end serves every segment, span and the playlist from it', async () => {
    const { stream, publisher } = await startMp4();
    // About 13 MiB: 150 loops of the camera, 1,200 fragments (more than the index has room for, so it groups them).
    const looped = loopMp4Recording(
      mp4CameraBytes,
      mp4CameraChunks.map((chunk) => chunk.length),
      150,
    );
    const whole = concatBytes(looped.chunks);
    await sendAll(publisher, looped.chunks);
    const held = await runInDurableObject(roomOf(stream.id), async (_room, state) =>
      state.storage.sql
        .exec<{ part: number }>('SELECT DISTINCT part FROM chunks ORDER BY part')
        .toArray()
        .map((row) => row.part),
    );
    // Part 2 went to R2 while the stream ran; the room holds part 1 and the part being filled.
    expect(held).toEqual([1, 3]);
    const latest = (await manifestWhen(stream.id, (m) => m.latest === 1199, 'every fragment')).latest!;
    const lastSegment = (await liveGet(stream.id, latest)).bytes;
    publisher.ws.close(1000);
    const story = await endedStory(stream.storyId);
    const recording = await readObject(story.videoUrl!.replace('/media/', ''));
    expect(byteDifference(recording, concatBytes(makeMp4Seekable(whole)!))).toBe('equal');

    // The first segments are long gone from the room's memory: they come from the recording now,
    // by themselves and in a span (a viewer catching up when the stream ended loses nothing).
    const firstTwo = await segmentsFrom(stream.id, 0, 1);
    expect(
      correctedDurations(concatBytes(firstTwo), whole.subarray(initLength, initLength + firstTwo[0]!.length + firstTwo[1]!.length)),
    ).toBe(2);
    const span = await liveStreamed(stream.id, 'from/0');
    expect(span.res.status).toBe(200);
    const spanBytes = new Uint8Array(await span.res.arrayBuffer());
    await span.done();
    expect(byteDifference(spanBytes, concatBytes(await segmentsFrom(stream.id, 0, 7)))).toBe('equal');
    expect(byteDifference((await liveGet(stream.id, latest)).bytes, lastSegment)).toBe('equal');
    const ended = await playlistOf(stream.id);
    expect(ended.entries).toHaveLength(1200);
    expect(ended.tags.has('EXT-X-ENDLIST')).toBe(true);
    // The room also hears the stream for its captions (decision 128): 20 minutes of audio at once.
  }, 60_000);

  it('resumes after the connection drops in the middle of a fragment, losing nothing', async () => {
    const { stream, publisher, token } = await startMp4();
    const cutAt = fragments[3]!.start + 100;
    const firstPart = mp4CameraBytes.subarray(0, cutAt);
    await sendAll(publisher, [firstPart]);
    publisher.ws.close(4000, 'network lost');
    await publisher.waitForClose();
    const again = await publish(stream.id, token);
    expect(await again.waitFor('ready')).toEqual({ type: 'ready', received: cutAt });
    await sendAll(again, [mp4CameraBytes.subarray(cutAt)], cutAt);
    await manifestWhen(stream.id, (m) => m.latest === fragments.length - 1, 'every fragment');
    expect(
      correctedDurations(concatBytes(await segmentsFrom(stream.id, 0, fragments.length - 1)), mp4CameraBytes.subarray(initLength)),
    ).toBe(fragments.length);
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token })).status).toBe(200);
    const story = await deps.stories.findById(stream.storyId);
    expect(byteDifference(await readObject(story!.videoUrl!.replace('/media/', '')), concatBytes(makeMp4Seekable(mp4CameraBytes)!))).toBe(
      'equal',
    );
  });

  it('keeps only the whole fragments when the reporter vanishes mid-fragment and the grace period runs out', async () => {
    const { stream, publisher } = await startMp4();
    const cutAt = fragments[5]!.start + 3000;
    await sendAll(publisher, [mp4CameraBytes.subarray(0, cutAt)]);
    publisher.ws.close(4000, 'network lost');
    await manifestWhen(stream.id, (m) => !m.publisher, 'the reporter away');
    expect(await graceRunsOut(stream.id)).toBe(true);
    const story = await deps.stories.findById(stream.storyId);
    expect(story).toMatchObject({ isLive: false, status: 'published' });
    const expected = concatBytes(makeMp4Seekable(mp4CameraBytes.subarray(0, fragments[4]!.end))!);
    expect(byteDifference(await readObject(story!.videoUrl!.replace('/media/', '')), expected)).toBe('equal');
  });
});

/**
 * `players` HLS players follow the stream from its first segment as a low-latency client does: a
 * blocking reload for segment n (`_HLS_msn=n`), then `live/{n}.m4s`, for every fragment, while the
 * reporter sends the recorder's chunks. Answers what each got and the object's work.
 */
async function hlsWatchedBy(players: number) {
  const { stream, publisher, token } = await startMp4();
  await sendAll(publisher, mp4CameraChunks.slice(0, 1));
  const work = await objectWorkDuring(stream.id, token, async () => {
    const watching = Array.from({ length: players }, async (_, i) => {
      const got: Uint8Array[] = [];
      for (let n = 0; n < fragments.length; n++) {
        const playlist = await liveGet(stream.id, `.m3u8?_HLS_msn=${n}`, `hls-player-${players}-${i}`);
        expect(playlist.text).toContain(`live/${n}.m4s`);
        got.push((await liveGet(stream.id, `${n}.m4s`, `hls-player-${players}-${i}`)).bytes);
      }
      return concatBytes(got);
    });
    await sendAll(publisher, mp4CameraChunks.slice(1), mp4CameraChunks[0]!.length);
    return Promise.all(watching);
  });
  publisher.ws.close(1000);
  return { received: work.result, chunks: work.chunks, requests: work.requests };
}

describe('HLS players', () => {
  it('cost the stream’s object the same per chunk whether 5 or 50 follow the playlist', async () => {
    const few = await hlsWatchedBy(5);
    const many = await hlsWatchedBy(50);
    for (const run of [few, many])
      for (const bytes of run.received) expect(correctedDurations(bytes, mp4CameraBytes.subarray(initLength))).toBe(fragments.length);
    expect(many.chunks).toBe(few.chunks);
    console.log(
      `HLS: ${(few.requests / few.chunks).toFixed(1)} object requests per chunk for 5 players, ${(many.requests / many.chunks).toFixed(1)} for 50`,
    );
    expect(many.requests).toBe(few.requests);
  });
});

describe('what HLS and the MP4 path refuse', () => {
  it('answers 409 not_hls for a WebM stream, 404 for no such stream, and closes on an MP4 that is not fragmented', async () => {
    const reporter = await signUp('reporter');
    const webm = await startStream(reporter.token);
    const publisher = await publish(webm.id, reporter.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 2));
    const refused = await liveGet(webm.id, '.m3u8');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('not_hls');
    expect((await liveGet(999_999, '.m3u8')).status).toBe(404);
    publisher.ws.close(1000);

    // A regular (not fragmented) MP4: ftyp, moov without mvex, mdat.
    const mp4 = await startStream(reporter.token);
    const bad = await publish(mp4.id, reporter.token);
    await bad.waitFor('ready');
    const moov = mp4CameraBytes.slice(boxes[1]!.start, boxes[1]!.end);
    // Rename mvex to "free": a moov with nothing saying fragments follow.
    const at = Array.from({ length: moov.length - 8 }, (_, i) => i).find((i) => typeAt(moov, i) === 'mvex')!;
    moov.set(new TextEncoder().encode('free'), at + 4);
    bad.ws.send(concatBytes([mp4CameraBytes.subarray(0, boxes[1]!.start), moov, mp4CameraBytes.subarray(initLength)]));
    expect((await bad.waitForClose()).code).toBe(4400);
    expect(bad.last('error')?.message).toMatch(/Not a fragmented MP4 recording/);
  });
});
