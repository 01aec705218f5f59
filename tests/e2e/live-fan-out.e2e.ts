import { describe, expect, it } from 'vitest';
import { loopedFixture } from '../../scripts/bench/live/live-bench.ts';
import { BenchPublisher } from '../../scripts/bench/live/publisher.ts';
import { PublishedStream } from '../../scripts/bench/live/stream-follower.ts';
import { concatBytes } from '../../src/media/bytes.ts';
import { LIVE_GROUP_SIZE, LIVE_NEXT_HEADER } from '../../src/media/live-protocol.ts';
import { apiCall, apiLogin, site } from './support/site.ts';

/**
 * Streamed segment groups on the served build (decision 025 "Streamed groups"): several viewers
 * read group 0 over real HTTP while the reporter is still sending it, so all but one share another
 * request's upstream. The workers test pool runs every request in one context and cannot show
 * this: on workerd a shared reader's body was cut short after what was buffered when it joined,
 * because its own request had nothing pending while it waited for the next segment.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Between chunks: long enough for a waiting reader's request to look idle to workerd. */
const CHUNK_GAP_MS = 300;

describe('a live segment group read by several viewers at once, on the served build', () => {
  it('gives every viewer the whole group, those who share another viewer’s upstream and those who join midway', async () => {
    const { baseUrl, reporters } = site();
    const token = await apiLogin(reporters[1]!);
    const started = await apiCall<{ id: number }>('/api/streams/start', {
      method: 'POST',
      token,
      json: { title: 'Fan-out on the served build' },
    });
    expect(started.status).toBe(201);
    const live = `${baseUrl}/api/streams/${started.body.id}/live`;
    const looped = await loopedFixture(2);
    const stream = new PublishedStream(looped.chunks, looped.init.length);
    const publisher = await BenchPublisher.connect(baseUrl, started.body.id, token, stream);

    const readGroup = async (viewer: string) => {
      const res = await fetch(`${live}/g/0`, { headers: { 'X-Viewer': viewer } });
      expect(res.status).toBe(200);
      return { state: res.headers.get('X-Edge-Cache'), bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    /** Joins in one request: the init segment, then segments from the newest keyframe to the end of their group. */
    const join = async (viewer: string) => {
      const res = await fetch(`${live}/start`, { headers: { 'X-Viewer': viewer } });
      expect(res.status).toBe(200);
      return { next: Number(res.headers.get(LIVE_NEXT_HEADER)), bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    await publisher.send(0);
    const readers = ['first', 'second', 'third'].map(readGroup);
    const joins = ['joiner-1', 'joiner-2'].map(join);
    for (let k = 1; k < stream.chunkEnds.length; k++) {
      await sleep(CHUNK_GAP_MS);
      await publisher.send(k);
      if (k === 3) readers.push(readGroup('midway'));
    }
    const read = await Promise.all(readers);
    const joined = await Promise.all(joins);

    const segments: Uint8Array[] = [];
    for (let n = 0; n < LIVE_GROUP_SIZE; n++) {
      const res = await fetch(`${live}/${n}`);
      expect(res.status).toBe(200);
      segments.push(new Uint8Array(await res.arrayBuffer()));
    }
    const group = Buffer.from(concatBytes(segments));
    expect(read.map(({ state }) => state)).toContain('SHARED');
    for (const { bytes } of read)
      expect(Buffer.compare(Buffer.from(bytes), group), `a viewer got ${bytes.length} of the group's ${group.length} bytes`).toBe(0);
    // The stream began on a keyframe: a join without a phase gets the init segment and the first G segments.
    const init = Buffer.from(await (await fetch(`${live}/init`)).arrayBuffer());
    for (const { next, bytes } of joined) {
      expect(next).toBe(LIVE_GROUP_SIZE);
      expect(Buffer.compare(Buffer.from(bytes), Buffer.concat([init, group])), `a joiner got ${bytes.length} bytes`).toBe(0);
    }
    publisher.close();
  });
});
