import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../src/media/bytes.ts';
import { LIVE_GROUP_SIZE, LIVE_NEXT_HEADER, type LiveWork } from '../../src/media/live-protocol.ts';
import { WebmScanner } from '../../src/media/webm/webm-scanner.ts';
import type { RoomDeps } from '../../src/adapters/live/live-stream-room.ts';
import { RoomViewers } from '../../src/adapters/live/room-viewers.ts';
import { api, signUp } from './support/api.ts';
import {
  cameraBytes,
  cameraChunks,
  graceRunsOut,
  liveGet,
  liveGroup,
  liveStreamed,
  manifestWhen,
  objectWorkDuring,
  publish,
  roomOf,
  sendAll,
  startStream,
} from './support/live.ts';
import { byteDifference } from './support/media.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Live media over plain HTTP (docs/decisions/025-live-delivery-over-http-segments.md): what the
 * edge cache and the per-isolate shared requests save the stream's object, the viewer count, and
 * the cached public pages refreshed when a stream ends by itself.
 */

const headerLength = (() => {
  const init = new WebmScanner().push(cameraBytes).find((e) => e.kind === 'init');
  if (init?.kind !== 'init') throw new Error('fixture has no header');
  return init.init.bytes.length;
})();

async function stats(streamId: number, token: string): Promise<LiveWork> {
  const res = await api(`/api/streams/${streamId}/stats`, { token });
  expect(res.status).toBe(200);
  return res.body as LiveWork;
}

/**
 * `viewers` players follow the whole camera stream from segment 0, each asking for the next
 * segment before it exists, while the reporter sends the recorder's chunks. Answers what each
 * viewer received and the object's work per chunk.
 */
async function watchedBy(viewers: number) {
  const reporter = await signUp('reporter');
  const stream = await startStream(reporter.token);
  const publisher = await publish(stream.id, reporter.token);
  await publisher.waitFor('ready');
  const ids = Array.from({ length: viewers }, (_, i) => `viewer-${viewers}-${i}-xyz`);
  // Everyone has joined (asked for the manifest) before the first chunk.
  for (const id of ids) expect((await liveGet(stream.id, '', id)).status).toBe(200);
  const mediaLength = cameraBytes.length - headerLength;
  const states: string[] = [];
  const work = await objectWorkDuring(stream.id, reporter.token, async () => {
    const watching = ids.map(async (id) => {
      const pieces: Uint8Array[] = [];
      let length = 0;
      for (let n = 0; length < mediaLength; n++) {
        const res = await liveGet(stream.id, n, id);
        if (res.status !== 200) throw new Error(`viewer ${id}, segment ${n}: ${res.status}`);
        states.push(res.headers.get('X-Edge-Cache')!);
        pieces.push(res.bytes);
        length += res.bytes.length;
      }
      return concatBytes(pieces);
    });
    await sendAll(publisher, cameraChunks);
    return Promise.all(watching);
  });
  publisher.ws.close(1000);
  return { received: work.result, states, chunks: work.chunks, requests: work.requests };
}

/** Reads a streamed body to its end, piece by piece. */
async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of body) pieces.push(piece);
  return concatBytes(pieces);
}

/** `viewers` players read streamed group 0 from before the first chunk to its end; answers their bytes and the object's work. */
async function groupWatchedBy(viewers: number) {
  const reporter = await signUp('reporter');
  const stream = await startStream(reporter.token);
  const publisher = await publish(stream.id, reporter.token);
  await publisher.waitFor('ready');
  const work = await objectWorkDuring(stream.id, reporter.token, async () => {
    const watching = Array.from({ length: viewers }, async (_, i) => {
      const { res, done } = await liveGroup(stream.id, 0, `group-viewer-${viewers}-${i}`);
      expect(res.status).toBe(200);
      const bytes = await readAll(res.body!);
      await done();
      return { bytes, state: res.headers.get('X-Edge-Cache')! };
    });
    await sendAll(publisher, cameraChunks);
    return Promise.all(watching);
  });
  return { stream, publisher, received: work.result, chunks: work.chunks, requests: work.requests };
}

describe('streamed segment groups', () => {
  it('writes each segment of a group as it arrives, the bytes being the segments back to back, then serves the whole group from the cache', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 2));
    const { res, done } = await liveGroup(stream.id, 0, 'group-reader');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Edge-Cache')).toBe('MISS');
    const reader = res.body!.getReader();
    // Segment 0 exists: it comes at once, before the rest of the stream has been sent.
    const head = await reader.read();
    expect(byteDifference(head.value!, (await liveGet(stream.id, 0)).bytes)).toBe('equal');
    await sendAll(
      publisher,
      cameraChunks.slice(2),
      cameraChunks.slice(0, 2).reduce((sum, chunk) => sum + chunk.length, 0),
    );
    const pieces = [head.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(next.value);
    await done();
    const segments: Uint8Array[] = [];
    for (let n = 0; n < LIVE_GROUP_SIZE; n++) segments.push((await liveGet(stream.id, n)).bytes);
    expect(byteDifference(concatBytes(pieces), concatBytes(segments))).toBe('equal');
    // The whole group is now an immutable answer: later readers are cache hits.
    const later = await liveGroup(stream.id, 0, 'group-reader-late');
    expect(later.res.headers.get('X-Edge-Cache')).toBe('HIT');
    expect(later.res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(byteDifference(await readAll(later.res.body!), concatBytes(segments))).toBe('equal');
    await later.done();
    // The init segment is separate: a group holds media only.
    expect(byteDifference(concatBytes(pieces).subarray(0, 4), (await liveGet(stream.id, 'init')).bytes.subarray(0, 4))).not.toBe('equal');
    publisher.ws.close(1000);
  });

  it('asks the stream’s object the same number of times per chunk whether 5 or 50 viewers read a group', async () => {
    const few = await groupWatchedBy(5);
    const many = await groupWatchedBy(50);
    for (const run of [few, many]) {
      const whole = run.received[0]!.bytes;
      for (const { bytes } of run.received) expect(byteDifference(bytes, whole)).toBe('equal');
      expect(run.received.filter(({ state }) => state === 'MISS')).toHaveLength(1);
      run.publisher.ws.close(1000);
    }
    expect(many.chunks).toBe(few.chunks);
    console.log(`live groups: ${few.requests / few.chunks} requests per chunk for 5 viewers, ${many.requests / many.chunks} for 50`);
    expect(many.requests).toBe(few.requests);
  });
});

describe('joining in one request', () => {
  it('answers 204 before any picture, then the init segment and G + phase segments from the newest keyframe, and 410 once the stream is over', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    const early = await liveStreamed(stream.id, 'start', 'early-joiner');
    expect(early.res.status).toBe(204);
    await early.done();
    for (const phase of [String(LIVE_GROUP_SIZE), '-1', '1.5', 'x', '']) {
      const refused = await api(`/api/streams/${stream.id}/live/start?phase=${phase}`);
      expect(refused.status, `phase=${phase}`).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'validation_failed', fields: { phase: 'Not a phase' } } });
    }

    const sent = await sendAll(publisher, cameraChunks.slice(0, 2));
    const manifest = await manifestWhen(stream.id, (m) => m.first !== null, 'a keyframe segment');
    const { res, done } = await liveStreamed(stream.id, 'start', 'joiner');
    const phased = await liveStreamed(stream.id, 'start?phase=1', 'phased-joiner');
    expect(res.status).toBe(200);
    // The URL means something new each time: nobody may keep it. The type is the stream's.
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Type')).toBe(manifest.mimeType);
    const next = Number(res.headers.get(LIVE_NEXT_HEADER));
    expect(next).toBe(manifest.first! + LIVE_GROUP_SIZE);
    expect(Number(phased.res.headers.get(LIVE_NEXT_HEADER))).toBe(manifest.first! + LIVE_GROUP_SIZE + 1);
    await sendAll(publisher, cameraChunks.slice(2), sent);
    const joined = await readAll(res.body!);
    await done();
    const expected: Uint8Array[] = [(await liveGet(stream.id, 'init')).bytes];
    for (let n = manifest.first!; n < next; n++) expected.push((await liveGet(stream.id, n)).bytes);
    expect(byteDifference(joined, concatBytes(expected))).toBe('equal');
    // The phased join goes one segment further, past the camera recording's end: it ends with the stream.
    publisher.ws.close(1000);
    expect(byteDifference((await readAll(phased.res.body!)).subarray(0, joined.length), joined)).toBe('equal');
    await phased.done();

    await manifestWhen(stream.id, (m) => m.state === 'ended', 'the end');
    const late = await liveStreamed(stream.id, 'start', 'late-joiner');
    expect(late.res.status).toBe(410);
    await late.done();
  });
});

describe('live media over HTTP', () => {
  it('serves the init segment and segments from the edge cache after the first request, to anonymous readers', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 3));

    const manifest = await liveGet(stream.id, '', 'anonymous-reader-1');
    expect(manifest.headers.get('Cache-Control')).toBe('public, max-age=1');
    expect(manifest.body).toMatchObject({ state: 'live', first: 0, latest: expect.any(Number) });
    for (const path of ['init', 0, 1] as const) {
      const first = await liveGet(stream.id, path, 'anonymous-reader-1');
      expect(first.status, String(path)).toBe(200);
      expect(first.headers.get('X-Edge-Cache'), String(path)).toBe('MISS');
      const second = await liveGet(stream.id, path, 'anonymous-reader-2');
      expect(second.headers.get('X-Edge-Cache'), String(path)).toBe('HIT');
      expect(second.headers.get('Cache-Control'), String(path)).toBe('public, max-age=31536000, immutable');
      expect(second.headers.get('Content-Type'), String(path)).toBe(first.headers.get('Content-Type'));
      expect(byteDifference(second.bytes, first.bytes), String(path)).toBe('equal');
    }
    // Nonsense asks nothing of the object.
    for (const path of ['/api/streams/abc/live', '/api/streams/1/live/-1', '/api/streams/1/live/1.5'])
      expect((await api(path)).status, path).toBe(404);
    expect((await liveGet(999999, '')).status).toBe(404);
    publisher.ws.close(1000);
  });

  it('asks the stream’s object the same number of times per chunk whether 5 or 50 viewers watch', async () => {
    const few = await watchedBy(5);
    const many = await watchedBy(50);
    for (const run of [few, many])
      for (const bytes of run.received) expect(byteDifference(bytes, cameraBytes.subarray(headerLength))).toBe('equal');
    expect(few.chunks).toBe(cameraChunks.length);
    expect(many.chunks).toBe(cameraChunks.length);
    console.log(`live work: ${few.requests / few.chunks} requests per chunk for 5 viewers, ${many.requests / many.chunks} for 50`);
    expect(many.requests).toBe(few.requests);
    // One request per segment went to the object; every other viewer shared it or found it cached.
    expect(many.states.filter((state) => state === 'MISS').length).toBe(few.states.filter((state) => state === 'MISS').length);
    expect(many.states.filter((state) => state !== 'MISS').length).toBeGreaterThan(few.states.length);
  });

  it('counts distinct viewers from the isolates’ reports and tells the reporter, without a write per join', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    for (const id of ['count-viewer-a', 'count-viewer-b', 'count-viewer-c']) await liveGet(stream.id, '', id);
    // The same viewer asking again is still one viewer.
    await liveGet(stream.id, '', 'count-viewer-a');
    expect((await manifestWhen(stream.id, (m) => m.viewers === 3, '3 viewers')).viewers).toBe(3);
    await publisher.until(() => publisher.last('viewers')?.count === 3, 'the reporter to hear of 3 viewers');
    // D1 (the active list) catches up within its write interval.
    const deadline = Date.now() + 20_000;
    let listed: { id: number; viewers: number } | undefined;
    while (Date.now() < deadline) {
      listed = ((await api('/api/streams/active')).body as { id: number; viewers: number }[]).find((s) => s.id === stream.id);
      if (listed?.viewers === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(listed?.viewers).toBe(3);
    publisher.ws.close(1000);
  });

  it('writes a changing count at most once per interval: fifty joins, one write', async () => {
    const saves: number[] = [];
    const told: number[] = [];
    const viewers = new RoomViewers({
      now: () => Date.now(),
      tellPublisher: (count) => told.push(count),
      save: async (count) => void saves.push(count),
    });
    for (let i = 1; i <= 50; i++) viewers.report({ isolate: `isolate-${i % 4}`, viewers: Math.ceil(i / 4) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(viewers.total()).toBe(50);
    expect(told.at(-1)).toBe(50);
    expect(saves).toHaveLength(1);
    viewers.stop();
  });

  it('shows its work to the stream’s reporter and admins only', async () => {
    const owner = await signUp('reporter');
    const other = await signUp('reporter');
    const admin = await signUp('admin');
    const stream = await startStream(owner.token);
    expect((await api(`/api/streams/${stream.id}/stats`)).status).toBe(401);
    expect((await api(`/api/streams/${stream.id}/stats`, { token: other.token })).status).toBe(403);
    expect((await api(`/api/streams/999999/stats`, { token: owner.token })).status).toBe(404);
    const publisher = await publish(stream.id, owner.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 2));
    await liveGet(stream.id, 'init');
    expect(await stats(stream.id, admin.token)).toEqual({ chunks: 2, requests: 1, reports: 0, messagesIn: 2, messagesOut: 4 });
    publisher.ws.close(1000);
  });
});

describe('after the end', () => {
  it('still serves a span nobody asked for while live: a viewer catching up when the stream ends gets the tail', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks);
    const last = (await manifestWhen(stream.id, (m) => m.latest !== null && m.latest >= LIVE_GROUP_SIZE, 'two spans of segments')).latest!;
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token })).status).toBe(200);
    // Never read while live, so not cached whole anywhere: the object answers it from what it holds.
    const span = await liveStreamed(stream.id, `from/${LIVE_GROUP_SIZE}`, 'late-catcher-1');
    expect(span.res.status).toBe(200);
    const bytes = await readAll(span.res.body!);
    await span.done();
    const segments: Uint8Array[] = [];
    for (let n = LIVE_GROUP_SIZE; n <= Math.min(last, 2 * LIVE_GROUP_SIZE - 1); n++) {
      const res = await liveGet(stream.id, n);
      expect(res.status, `segment ${n}`).toBe(200);
      segments.push(res.bytes);
    }
    expect(byteDifference(bytes, concatBytes(segments))).toBe('equal');
    expect(bytes.length).toBeGreaterThan(0);
  });
});

describe('the list of streams on air', () => {
  it('gives anonymous readers, through the edge cache, a viewer count no older than about 10 s', async () => {
    const site = siteApp({ edgeCache: { cache: await caches.open('test-live-active'), namespace: 'live-active', ttlSeconds: 60 } });
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token, 'Count the crowd');
    const viewersListed = async () =>
      (JSON.parse((await site('/api/streams/active')).text) as { id: number; viewers: number }[]).find((s) => s.id === stream.id)?.viewers;
    expect(await viewersListed()).toBe(0);
    expect((await site('/api/streams/active')).headers.get('X-Edge-Cache')).toBe('HIT');
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 2));
    // Three readers watching (their requests carry their ids).
    for (const id of ['reader-one-xyz', 'reader-two-xyz', 'reader-three-xyz']) expect((await liveGet(stream.id, 0, id)).status).toBe(200);
    await manifestWhen(stream.id, (m) => m.viewers === 3, 'three viewers');
    const countedAt = Date.now();
    // The room writes the count every 5 s at most, the cached list lives 5 s at most (both levels together).
    const deadline = countedAt + 12_000;
    let listed = await viewersListed();
    while (listed !== 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      listed = await viewersListed();
    }
    expect(listed).toBe(3);
    console.log(`active list: the count reached anonymous readers ${((Date.now() - countedAt) / 1000).toFixed(1)} s after the room had it`);
    publisher.ws.close(1000);
  });
});

describe('a stream that ends by itself', () => {
  it('refreshes the cached public pages that said it was live', async () => {
    const site = siteApp({ edgeCache: { cache: await caches.open('test-live-end'), namespace: 'live-end', ttlSeconds: 60 } });
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token, 'River bursts its banks');
    const story = (await site(`/api/stories/${stream.storyId}`)).text;
    const slug = (JSON.parse(story) as { slug: string }).slug;
    const pages = [
      `/api/stories/slug/${slug}`,
      `/api/stories/${stream.storyId}`,
      '/api/stories?status=published&limit=6',
      '/api/streams/active',
    ];
    expect(JSON.parse((await site('/api/streams/active')).text)).toEqual([expect.objectContaining({ id: stream.id })]);
    for (const path of pages) await site(path);
    for (const path of pages) expect((await site(path)).headers.get('X-Edge-Cache'), path).toBe('HIT');
    // The room refreshes the same cache the site reads through (the worker gives it caches.default).
    await runInDurableObject(roomOf(stream.id), (room) => {
      const held = room as unknown as { deps: RoomDeps };
      held.deps = { ...held.deps, edgeCache: site.edgeCache };
    });

    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 2));
    // The reporter's network goes away and never comes back: the alarm ends the stream.
    publisher.ws.close(4000, 'network lost');
    await manifestWhen(stream.id, (m) => !m.publisher, 'the reporter away');
    expect(await graceRunsOut(stream.id)).toBe(true);

    for (const path of pages) {
      const res = await site(path);
      expect(res.headers.get('X-Edge-Cache'), path).toBe('MISS');
      expect(res.text, path).not.toContain('"isLive":true');
    }
    expect(JSON.parse((await site(`/api/stories/slug/${slug}`)).text)).toMatchObject({ isLive: false, status: 'published' });
    expect(JSON.parse((await site('/api/streams/active')).text)).toEqual([]);
  });
});
