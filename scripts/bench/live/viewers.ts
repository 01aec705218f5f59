import { randomUUID } from 'node:crypto';
import { WebSocket, request, type Agent } from 'undici';
import {
  LIVE_GROUP_SIZE,
  LIVE_MANIFEST_EVERY_MS,
  LIVE_NEXT_HEADER,
  LIVE_PROTOCOL,
  type LiveServerMessage,
} from '../../../src/media/live-protocol.ts';
import type { ViewerFollower } from './stream-follower.ts';

/**
 * The live benchmark's simulated viewers: as little as a player does on the wire and nothing
 * more (no decoding), so thousands in one Node process measure the server. Each feeds what it gets
 * to its ViewerFollower; `joined` is when it could start playing (below), `done` when it stopped.
 */

export type ViewerMode = 'ws' | 'http';

export interface Viewer {
  follower: ViewerFollower;
  /** performance.now() when it was admitted, or null. */
  joinedAt: number | null;
  /** Messages (ws) or HTTP answers (http) it received. */
  received: number;
  /** Requests made again after failing on the network before any answer. */
  retries: number;
  /** Manifest reads made while following (as the player reads it every few seconds). */
  manifestReads: number;
  done: Promise<void>;
  stop(): void;
}

/**
 * The first viewer design: one WebSocket on GET /api/streams/{id}/watch into the stream's
 * object, which sends it every chunk. Joined = the object's first message (its welcome) arrived.
 */
export function wsViewer(baseUrl: string, streamId: number, follower: ViewerFollower): Viewer {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/streams/${streamId}/watch`, [LIVE_PROTOCOL]);
  socket.binaryType = 'arraybuffer';
  const viewer: Viewer = {
    follower,
    joinedAt: null,
    received: 0,
    retries: 0,
    manifestReads: 0,
    done: Promise.resolve(),
    stop: () => socket.close(1000),
  };
  let initNext = false;
  viewer.done = new Promise<void>((resolve) => {
    socket.addEventListener('close', () => resolve());
    socket.addEventListener('error', () => resolve());
  });
  socket.addEventListener('message', (event) => {
    const at = performance.now();
    viewer.received++;
    viewer.joinedAt ??= at;
    if (typeof event.data === 'string') {
      const message = JSON.parse(event.data) as LiveServerMessage;
      if (message.type === 'init') initNext = true;
      return;
    }
    const bytes = new Uint8Array(event.data as ArrayBuffer);
    if (initNext) {
      initNext = false;
      follower.receiveInit(bytes);
    } else follower.receiveMedia(bytes, at);
  });
  return viewer;
}

interface Manifest {
  state: 'live' | 'ended';
  first: number | null;
  latest: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** As the player (LIVE_MANIFEST_EVERY_MS); LIVE_BENCH_MANIFEST_MS overrides it to measure what the reads cost (0: none). */
const MANIFEST_EVERY_MS = Number(process.env.LIVE_BENCH_MANIFEST_MS ?? LIVE_MANIFEST_EVERY_MS);

/**
 * The viewer of issue 11's design (docs/decisions/025), doing what the player does on the wire: a
 * join in one request (GET .../live/start?phase=p: the init segment, then G + p segments from the
 * newest keyframe, streamed; p its own, at random), then one streamed span of G segments after
 * another (GET .../live/from/{n}), each piece handed on as it arrives; and, as the player does, the
 * manifest every MANIFEST_EVERY_MS while it follows (for the count and the end; before the picture
 * too, to find it). Its random viewer id goes in the X-Viewer header, not the URL, so every
 * viewer asks for the same URLs (one coalesced upstream request per isolate). Joined = the join
 * answered (it could start playing). It stops at the stream's end, when told, or when the stream
 * says it ended.
 */
export function httpViewer(baseUrl: string, streamId: number, follower: ViewerFollower, agent: Agent, streamLength: number): Viewer {
  const headers = { 'X-Viewer': randomUUID() };
  const base = `${baseUrl}/api/streams/${streamId}/live`;
  let stopped = false;
  const viewer: Viewer = {
    follower,
    joinedAt: null,
    received: 0,
    retries: 0,
    manifestReads: 0,
    done: Promise.resolve(),
    stop: () => (stopped = true),
  };
  const get = async (url: string) => {
    const answer = await request(url, { dispatcher: agent, headers });
    const body = new Uint8Array(await answer.body.arrayBuffer());
    viewer.received++;
    return { status: answer.statusCode, body };
  };
  const manifest = async (): Promise<Manifest> => {
    const answer = await get(base);
    if (answer.status !== 200) throw new Error(`manifest: HTTP ${answer.status}`);
    return JSON.parse(Buffer.from(answer.body).toString('utf8')) as Manifest;
  };

  /**
   * A GET that failed on the network before any answer came (a connection reset in the surge, or a
   * kept-alive connection the server closed as it was reused) is made again, as browsers do with
   * GETs; after a second pause, as the player does, from the third try on.
   */
  const send = async (url: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await request(url, { dispatcher: agent, headers });
      } catch (error) {
        if (stopped || attempt === 5) throw error;
        viewer.retries++;
        if (attempt >= 2) await sleep(1000);
      }
    }
  };

  viewer.done = (async () => {
    // Like the player: join in one request (the init segment, then the segments from the newest
    // keyframe to the end of their group), asking the manifest only while there is no picture yet.
    // As the player: a phase of its own at random, so viewers that joined together ask for their spans spread out.
    const start = `${base}/start?phase=${Math.floor(Math.random() * LIVE_GROUP_SIZE)}`;
    const join = () => send(start);
    let joined = await join();
    while (joined.statusCode !== 200 && !stopped) {
      await joined.body.dump();
      if ((await manifest()).state === 'ended') return;
      await sleep(250);
      joined = await join();
    }
    viewer.received++;
    viewer.joinedAt = performance.now();
    let next = Number(joined.headers[LIVE_NEXT_HEADER.toLowerCase()]);
    const following = () => !stopped && follower.inOrder && follower.offset !== streamLength;
    // The player's periodic manifest read, beside the spans (its first after a random part of the
    // period, as players that joined in the same second do not all read it in the same instant).
    const reading = (async () => {
      if (MANIFEST_EVERY_MS <= 0) return;
      await sleep(Math.random() * MANIFEST_EVERY_MS);
      while (following()) {
        await manifest().catch(() => undefined);
        viewer.manifestReads++;
        await sleep(MANIFEST_EVERY_MS);
      }
    })();
    for await (const piece of joined.body) follower.receiveJoin(new Uint8Array(piece as Buffer), performance.now());
    while (following()) {
      const answer = await send(`${base}/from/${next}`);
      viewer.received++;
      if (answer.statusCode === 200) {
        let got = 0;
        for await (const piece of answer.body) {
          got += (piece as Buffer).length;
          follower.receiveMedia(new Uint8Array(piece as Buffer), performance.now());
        }
        // A span that ended with nothing in it: the stream stopped first.
        if (got > 0) next += LIVE_GROUP_SIZE;
        else if ((await manifest()).state === 'ended') break;
        continue;
      }
      await answer.body.dump();
      if (answer.statusCode === 204) continue;
      // Gone (a segment no longer held) or ended: this viewer cannot have every byte.
      if (answer.statusCode === 410 || (await manifest()).state === 'ended') break;
      await sleep(100);
    }
    stopped = true;
    await reading;
  })().catch((error: unknown) => {
    if (!stopped) console.error(`an HTTP viewer failed: ${(error as Error).message}`);
  });
  return viewer;
}
