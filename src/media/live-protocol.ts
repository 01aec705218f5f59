/**
 * The live-stream WebSocket protocol, shared by the Durable Object and the browser modules.
 * docs/decisions/010-live-stream-protocol.md explains it. Binary messages carry WebM bytes;
 * text messages are JSON of these shapes.
 */
export const LIVE_PROTOCOL = 'newsroom-live.v1';
/** The publisher offers `bearer.<session token>` as a second subprotocol: tokens stay out of URLs and logs. */
export const BEARER_PROTOCOL_PREFIX = 'bearer.';
/** Largest binary message either side sends; bigger recorder chunks are cut (the stream is just bytes). */
export const MAX_LIVE_MESSAGE_BYTES = 256 * 1024;

export type LiveServerMessage =
  /** To a viewer: the next binary message is the initialisation segment; then media from a keyframe Cluster. */
  | { type: 'init'; mimeType: string }
  | { type: 'viewers'; count: number }
  /** To the publisher on connect: how many bytes the server already holds; send from there. */
  | { type: 'ready'; received: number }
  /** To the publisher: bytes stored safely so far; it may forget them. */
  | { type: 'ack'; received: number }
  | { type: 'publisher'; connected: boolean }
  /** The stream is over; the recording (if any) is at videoUrl. Sockets close after this. */
  | { type: 'end'; videoUrl: string | null }
  | { type: 'error'; message: string };

export const LiveCloseCode = {
  /** The stream ended (also when a socket connects to an ended stream). */
  ended: 1000,
  /** A newer publisher connection took over. */
  replaced: 4001,
  /** The publisher sent bytes that are not a WebM recording. */
  badMedia: 4400,
  /** The server failed; the publisher may reconnect and resume. */
  serverError: 4500,
} as const;

/**
 * GET /api/streams/{id}/live: where a viewer stands (docs/decisions/025-live-delivery-over-http-segments.md).
 * Segments `first`..`latest` exist; a player starts at `first` (a keyframe) and then asks for each
 * next one, a request that waits until the segment exists.
 */
export interface LiveManifest {
  state: 'live' | 'ended';
  /** The MediaSource type of the stream, once its header has arrived. */
  mimeType: string | null;
  /** The newest segment that starts on a keyframe, or null while there is none yet. */
  first: number | null;
  /** The newest complete segment, or null before the first. */
  latest: number | null;
  viewers: number;
  /** Whether the reporter's connection is up (false while it drops and comes back). */
  publisher: boolean;
  /** The recording, once the stream has ended and it is stored. */
  videoUrl: string | null;
}

/** GET /api/streams/{id}/stats: what the stream's object has handled since it started (for `npm run bench:live`). */
export interface LiveWork {
  /** Chunks received from the publisher. */
  chunks: number;
  /** Requests for the manifest, the init segment, segments and viewer reports that reached the object. */
  requests: number;
  messagesIn: number;
  messagesOut: number;
}

/** Query parameter (or the X-Viewer header) carrying a player's random viewer id, for the count. */
export const VIEWER_PARAM = 'v';
export const VIEWER_HEADER = 'X-Viewer';

/**
 * Segments per streamed group: GET /api/streams/{id}/live/g/{g} writes segments g*G .. g*G+G-1
 * one after another as each exists (docs/decisions/025-live-delivery-over-http-segments.md "Streamed groups").
 */
export const LIVE_GROUP_SIZE = 8;

/** On GET /api/streams/{id}/live/start: the segment where the viewer's next span starts (ask for /live/from/{it}). */
export const LIVE_NEXT_HEADER = 'X-Live-Next';

/**
 * How often a player reads the manifest while it follows a stream, for the viewer count. The end
 * and a reporter gone show in the spans themselves (an empty span or a 204 makes it read the
 * manifest at once), so this is for the count only, which readers see at most this old, as they
 * see the active list's (decision 044). Every 3 s, 2,000 viewers' reads alone were ~670 requests a
 * second; every 10 s, 200. The live benchmark's viewers read it as often (scripts/bench/live/viewers.ts).
 */
export const LIVE_MANIFEST_EVERY_MS = 10_000;
