import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_SEGMENTS_AHEAD } from '../../src/adapters/live/live-segments.ts';
import { readElementHeader, EbmlId } from '../../src/media/webm/ebml.ts';
import { concatBytes } from '../../src/media/bytes.ts';
import { headerGrowth, makeRecordingSeekable } from '../../src/media/webm/webm-recording.ts';
import { WebmScanner, parseDuration } from '../../src/media/webm/webm-scanner.ts';
import { api, deps, signUp } from './support/api.ts';
import {
  cameraBytes,
  cameraChunks,
  graceRunsOut,
  liveGet,
  manifestWhen,
  openSocket,
  publish,
  roomOf,
  sendAll,
  startStream,
} from './support/live.ts';
import { MiB, byteDifference, readObject } from './support/media.ts';
import { cutInto, syntheticRecording } from './support/synthetic-webm.ts';

/** What the stored recording must be: the in-memory fix of the same bytes (checked against ts-ebml and Chromium). */
function expectedRecording(bytes: Uint8Array) {
  return concatBytes(makeRecordingSeekable(bytes)!);
}

function durationOf(file: Uint8Array): number | null {
  const events = new WebmScanner().push(file);
  const init = events.find((e) => e.kind === 'init');
  if (init?.kind !== 'init') return null;
  const bytes = init.init.bytes;
  const ebml = readElementHeader(bytes, 0)!;
  let pos = ebml.headerLength + ebml.size!;
  const segment = readElementHeader(bytes, pos)!;
  pos += segment.headerLength;
  while (pos < bytes.length) {
    const child = readElementHeader(bytes, pos)!;
    if (child.id === EbmlId.Info) return parseDuration(bytes, pos + child.headerLength, pos + child.headerLength + child.size!);
    pos += child.headerLength + child.size!;
  }
  return null;
}

async function activeStreams() {
  return (await api('/api/streams/active')).body as { id: number; viewers: number; slug: string; title: string }[];
}

describe('starting a stream', () => {
  it('needs a title, says so in SPEC’s words, and is for reporters only', async () => {
    const { token } = await signUp('reporter');
    for (const json of [{}, { title: '   ' }, { description: 'Live stream' }]) {
      const res = await api('/api/streams/start', { method: 'POST', token, json });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.title).toBe('Please enter a title for your stream');
    }
    expect((await api('/api/streams/start', { method: 'POST', json: { title: 'Hello' } })).status).toBe(401);
    expect(await activeStreams()).toEqual([]);
  });

  it('creates the stream and a published, live story, from multipart as the recorder sends it', async () => {
    const reporter = await signUp('reporter');
    const form = new FormData();
    form.append('title', 'Election night');
    form.append('description', 'Live stream');
    const res = await api('/api/streams/start', { method: 'POST', token: reporter.token, body: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isActive: true, viewers: 0, endedAt: null });
    expect(typeof res.body.id).toBe('number');
    expect(res.body.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(res.body.startedAt)).not.toBeNaN();
    const story = await deps.stories.findById(res.body.storyId);
    expect(story).toMatchObject({
      title: 'Election night',
      slug: 'election-night',
      isLive: true,
      status: 'published',
      authorId: reporter.user.id,
      videoUrl: null,
    });
    const active = await activeStreams();
    expect(active).toEqual([
      expect.objectContaining({ id: res.body.id, storyId: story!.id, viewers: 0, slug: 'election-night', title: 'Election night' }),
    ]);
    expect(active[0]).not.toHaveProperty('streamKey');
  });
});

describe('publishing and watching', () => {
  it('only lets the stream’s reporter publish, with a session token offered as a subprotocol', async () => {
    const owner = await signUp('reporter');
    const other = await signUp('reporter');
    const admin = await signUp('admin');
    const stream = await startStream(owner.token);
    const path = `/api/streams/${stream.id}/publish`;
    expect(await openSocket(path, ['newsroom-live.v1'])).toMatchObject({ status: 401 });
    expect(await openSocket(path, ['newsroom-live.v1', 'bearer.not-a-real-token-at-all'])).toMatchObject({ status: 401 });
    expect(await openSocket(path, ['newsroom-live.v1', `bearer.${other.token}`])).toMatchObject({ status: 403 });
    expect(await openSocket(path, ['newsroom-live.v1', `bearer.${admin.token}`])).toMatchObject({ status: 403 });
    expect((await api(path, { token: owner.token })).status).toBe(426);
    expect(await openSocket(`/api/streams/999999/publish`, ['newsroom-live.v1', `bearer.${owner.token}`])).toMatchObject({ status: 404 });

    const publisher = await publish(stream.id, owner.token);
    expect(publisher.protocol).toBe('newsroom-live.v1');
    expect(await publisher.waitFor('ready')).toEqual({ type: 'ready', received: 0 });
    publisher.ws.close(1000);
  });

  it('serves the header and segments over HTTP: an early viewer gets every byte, a late one starts at the newest keyframe segment; and records every byte', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    // Before any picture: live, nothing to play yet, the reporter not connected.
    expect((await liveGet(stream.id, '')).body).toEqual({
      state: 'live',
      mimeType: null,
      first: null,
      latest: null,
      viewers: 0,
      publisher: false,
      videoUrl: null,
    });
    expect((await liveGet(stream.id, 'init')).status).toBe(404);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');

    // The early viewer waits for segment 0 before it exists; the first chunk answers it.
    const early = liveGet(stream.id, 0, 'early-viewer-1');
    let sent = await sendAll(publisher, cameraChunks.slice(0, 1));
    const segment0 = await early;
    expect(segment0.status).toBe(200);
    expect(segment0.headers.get('Content-Type')).toBe('video/webm');
    expect(segment0.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');

    // All but the last chunk; the camera fixture has keyframe Clusters at its start and about 5 s in.
    sent = await sendAll(publisher, cameraChunks.slice(1, -1), sent);
    const init = new WebmScanner().push(cameraBytes).find((e) => e.kind === 'init');
    if (init?.kind !== 'init') throw new Error('fixture has no header');
    const headerLength = init.init.bytes.length;
    const initRes = await liveGet(stream.id, 'init');
    expect(initRes.headers.get('Content-Type')).toBe('video/webm; codecs="opus,vp9"');
    expect(byteDifference(initRes.bytes, init.init.bytes)).toBe('equal');

    const joined = await manifestWhen(
      stream.id,
      (m) => m.first !== null && m.first > 0 && m.latest !== null,
      'a keyframe segment after the start',
      'late-viewer-1',
    );
    expect(joined).toMatchObject({ state: 'live', mimeType: 'video/webm; codecs="opus,vp9"', publisher: true, videoUrl: null });
    sent = await sendAll(publisher, cameraChunks.slice(-1), sent);
    expect(sent).toBe(cameraBytes.length);
    const last = (await manifestWhen(stream.id, (m) => m.latest! > joined.latest!, 'the last chunk')).latest!;

    const segments = async (from: number) => {
      const out: Uint8Array[] = [];
      for (let n = from; n <= last; n++) {
        const res = await liveGet(stream.id, n);
        expect(res.status, `segment ${n}`).toBe(200);
        out.push(res.bytes);
      }
      return concatBytes(out);
    };
    // The early viewer: the header, then every byte in order.
    expect(byteDifference(concatBytes([initRes.bytes, await segments(0)]), cameraBytes)).toBe('equal');

    // The late viewer: the header, then from a Cluster that starts with a video keyframe.
    const media = await segments(joined.first!);
    expect([...media.subarray(0, 4)]).toEqual([0x1f, 0x43, 0xb6, 0x75]);
    const joinedAt = cameraBytes.length - media.length;
    expect(joinedAt).toBeGreaterThan(headerLength);
    expect(byteDifference(media, cameraBytes.subarray(joinedAt))).toBe('equal');
    const events = new WebmScanner().push(concatBytes([init.init.bytes, media]));
    const firstVideo = events.find((e) => e.kind === 'block' && e.track === 2);
    expect(firstVideo).toMatchObject({ keyframe: true, clusterOffset: headerLength });
    // It is the newest such Cluster sent before the viewer joined: no later keyframe Cluster existed then.
    const allEvents = new WebmScanner().push(cameraBytes);
    const keyClusters = allEvents
      .filter((e) => e.kind === 'block' && e.track === 2 && e.keyframe)
      .map((e) => (e as { clusterOffset: number }).clusterOffset);
    const beforeJoin = cameraBytes.length - cameraChunks.at(-1)!.length;
    expect(joinedAt).toBe(Math.max(...keyClusters.filter((offset) => offset < beforeJoin)));

    // Far ahead is unknown; the next one waits and hears "no content" once the stream ends.
    expect((await liveGet(stream.id, last + 1 + MAX_SEGMENTS_AHEAD)).status).toBe(404);
    const waiting = liveGet(stream.id, last + 1);
    const ended = await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: stream.id, isActive: false });
    expect(ended.body.endedAt).not.toBeNull();
    expect((await waiting).status).toBe(204);
    await publisher.waitForClose();

    const story = await deps.stories.findById(stream.storyId);
    expect(story).toMatchObject({ isLive: false, status: 'published' });
    expect(await manifestWhen(stream.id, (m) => m.state === 'ended', 'the end')).toMatchObject({
      state: 'ended',
      first: null,
      viewers: 0,
      publisher: false,
      videoUrl: story!.videoUrl,
    });
    expect(story!.videoUrl).toMatch(/^\/media\/streams\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webm$/);
    const recording = await readObject(story!.videoUrl!.replace('/media/', ''));
    expect(byteDifference(recording, expectedRecording(cameraBytes))).toBe('equal');
    expect(durationOf(recording)).toBeGreaterThan(7900);
    // Every Cluster of the camera, byte for byte, right after the rewritten header.
    const clustersAt = headerLength + headerGrowth(init.init);
    expect(
      byteDifference(recording.subarray(clustersAt, clustersAt + cameraBytes.length - headerLength), cameraBytes.subarray(headerLength)),
    ).toBe('equal');
    expect((await activeStreams()).map((s) => s.id)).not.toContain(stream.id);
  });

  it('writes a long recording to R2 in equal parts as it goes, holding only the unsent part', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    // About 16 MiB: part 1 (held back for the header), parts 2 and 3 sent during the stream, and a tail.
    const { init, clusters } = syntheticRecording(16, MiB / 10);
    const whole = concatBytes([init, ...clusters]);
    expect(whole.length).toBeGreaterThan(15 * MiB);
    const chunks = cutInto(whole, [300_017, 123_457, 250_001]);
    await sendAll(publisher, chunks);

    const held = await runInDurableObject(roomOf(stream.id), async (_room, state) =>
      state.storage.sql
        .exec<{ part: number; bytes: number }>('SELECT part, sum(length(data)) AS bytes FROM chunks GROUP BY part ORDER BY part')
        .toArray(),
    );
    // Parts 2 and 3 went to R2 while the stream ran; the room holds part 1 and the part being filled.
    expect(held.map((row) => row.part)).toEqual([1, 4]);
    expect(held[0]!.bytes).toBeLessThan(5 * MiB);

    publisher.ws.close(1000);
    // A normal close from the publisher ends the stream by itself.
    const deadline = Date.now() + 10_000;
    let story = await deps.stories.findById(stream.storyId);
    while (story?.isLive && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      story = await deps.stories.findById(stream.storyId);
    }
    expect(story).toMatchObject({ isLive: false, status: 'published' });
    const recording = await readObject(story!.videoUrl!.replace('/media/', ''));
    expect(byteDifference(recording, expectedRecording(whole))).toBe('equal');
    expect(durationOf(recording)).toBe(16_000);
  });

  it('keeps what was recorded when the publisher vanishes: the alarm ends the stream after the grace period', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    const sent = await sendAll(publisher, cameraChunks.slice(0, 4));
    // Not a normal close: the network went away. Viewers hear that the reporter is away, not that the stream ended.
    publisher.ws.close(4000, 'network lost');
    await manifestWhen(stream.id, (m) => !m.publisher, 'the reporter away');
    expect((await liveGet(stream.id, '')).body).toMatchObject({ state: 'live' });
    expect((await deps.liveStreams.findById(stream.id))?.isActive).toBe(true);

    expect(await graceRunsOut(stream.id)).toBe(true);
    const ended = await deps.liveStreams.findById(stream.id);
    expect(ended).toMatchObject({ isActive: false });
    const story = await deps.stories.findById(stream.storyId);
    expect(story).toMatchObject({ isLive: false, status: 'published' });
    const recording = await readObject(story!.videoUrl!.replace('/media/', ''));
    expect(byteDifference(recording, expectedRecording(cameraBytes.subarray(0, sent)))).toBe('equal');
    expect(durationOf(recording)).toBeGreaterThan(3000);
    await manifestWhen(stream.id, (m) => m.state === 'ended' && m.videoUrl === story!.videoUrl, 'the recording');
  });

  it('keeps an alarm set while the reporter is connected, so a crash (which runs no close handler) cannot leave the stream on air', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 2));
    const alarm = () => runInDurableObject(roomOf(stream.id), (_room, state) => state.storage.getAlarm());
    // Set while connected, about a grace period ahead (LIVE_GRACE_SECONDS: 60).
    const armed = await alarm();
    expect(armed).not.toBeNull();
    expect(armed! - Date.now()).toBeGreaterThan(50_000);
    // It fires while the reporter is still there: a heartbeat, re-armed, the stream stays on air.
    expect(await runDurableObjectAlarm(roomOf(stream.id))).toBe(true);
    expect((await deps.liveStreams.findById(stream.id))?.isActive).toBe(true);
    expect(await alarm()).not.toBeNull();
    // Had the process died, the sockets would be gone with it: the alarm then finds no reporter and,
    // the grace period since they were last seen being over, ends the stream with what was acknowledged.
    publisher.ws.close(4000, 'network lost');
    await manifestWhen(stream.id, (m) => !m.publisher, 'the reporter away');
    expect(await graceRunsOut(stream.id)).toBe(true);
    expect((await deps.liveStreams.findById(stream.id))?.isActive).toBe(false);
  });

  it('lets the publisher reconnect and carry on from the bytes the room already has', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const first = await publish(stream.id, reporter.token);
    await first.waitFor('ready');
    const sent = await sendAll(first, cameraChunks.slice(0, 3));
    first.ws.close(4000, 'network lost');
    await first.waitForClose();

    const second = await publish(stream.id, reporter.token);
    expect(await second.waitFor('ready')).toEqual({ type: 'ready', received: sent });
    await sendAll(second, cameraChunks.slice(3), sent);
    const res = await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token });
    expect(res.status).toBe(200);
    const story = await deps.stories.findById(stream.storyId);
    expect(byteDifference(await readObject(story!.videoUrl!.replace('/media/', '')), expectedRecording(cameraBytes))).toBe('equal');
  });

  it('closes on a publisher that sends something other than WebM or MP4, and keeps nothing of it', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const publisher = await publish(stream.id, reporter.token);
    await publisher.waitFor('ready');
    publisher.ws.send(new TextEncoder().encode('<html>not a video</html>'));
    const closed = await publisher.waitForClose();
    expect(closed.code).toBe(4400);
    expect(publisher.last('error')?.message).toMatch(/Not a WebM or MP4 recording/);
    const again = await publish(stream.id, reporter.token);
    expect(await again.waitFor('ready')).toEqual({ type: 'ready', received: 0 });
    again.ws.close(1000);
  });
});

describe('ending a stream', () => {
  it('is for its reporter or an admin; ends once, idempotently; and an ended stream takes no one', async () => {
    const owner = await signUp('reporter');
    const other = await signUp('reporter');
    const admin = await signUp('admin');
    const stream = await startStream(owner.token);
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST' })).status).toBe(401);
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: other.token })).status).toBe(403);
    expect((await api(`/api/streams/999999/end`, { method: 'POST', token: owner.token })).status).toBe(404);

    const publisher = await publish(stream.id, owner.token);
    await publisher.waitFor('ready');
    await sendAll(publisher, cameraChunks.slice(0, 2));
    const byAdmin = await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: admin.token });
    expect(byAdmin.status).toBe(200);
    const story = await deps.stories.findById(stream.storyId);
    expect(story?.videoUrl).toMatch(/^\/media\/streams\//);
    const version = story!.version;

    const again = await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body.endedAt).toBe(byAdmin.body.endedAt);
    expect((await deps.stories.findById(stream.storyId))?.version).toBe(version);

    expect((await manifestWhen(stream.id, (m) => m.state === 'ended', 'the end')).videoUrl).toBe(story!.videoUrl);
    expect(await openSocket(`/api/streams/${stream.id}/publish`, ['newsroom-live.v1', `bearer.${owner.token}`])).toMatchObject({
      status: 409,
    });
  });

  it('publishes the story without a video when nothing was ever sent', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    expect(await graceRunsOut(stream.id)).toBe(true);
    expect(await deps.stories.findById(stream.storyId)).toMatchObject({ isLive: false, status: 'published', videoUrl: null });
    expect((await deps.liveStreams.findById(stream.id))?.isActive).toBe(false);
  });
});
