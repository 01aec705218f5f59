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
