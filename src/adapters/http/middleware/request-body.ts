import { createMiddleware } from 'hono/factory';
import { PayloadTooLargeError } from '../../../domain/errors.ts';

/**
 * How much of a request body the worker reads and throws away after answering without it. Above
 * this the rest is cancelled: the client may then see its connection closed, which is all a
 * client deserves that sends that much to a route that refused it (decision 023).
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/** Reads what is left of a body, up to `limit` bytes, and cancels the rest. Never throws. */
async function drain(body: ReadableStream<Uint8Array>, limit: number): Promise<void> {
  // Locked: a handler holds it (it read it to the end, or is still reading it).
  if (body.locked) return;
  const reader = body.getReader();
  try {
    let read = 0;
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away, or the body was cancelled already: nothing left to read.
  } finally {
    reader.releaseLock();
  }
}

/**
 * Outermost: every answer leaves only after the request's body was read to its end (decision 023).
 * A refusal (no token, unknown id, too large, wrong type) is usually decided before the body is
 * read; answering then, with the body still arriving, makes the local server's proxy (wrangler dev)
 * fail the request with a 503 "Your worker restarted mid-request", and makes some clients (Node's
 * fetch) lose the answer's body. Reading the rest first costs nothing for a body already read.
 */
export const drainUnreadBody = createMiddleware(async (c, next) => {
  const request = c.req.raw;
  await next();
  // Not bodyUsed: a body read in part (limitBody's) counts as used, yet has more to come.
  if (request.body) await drain(request.body, DRAIN_LIMIT_BYTES);
});

/**
 * Refuses bodies over `maxBytes` with 413, before a route parses them. A declared length is
 * checked without reading; a chunked body is read up to the limit and handed on as bytes. A
 * refused body is left unlocked, so drainUnreadBody can read what is left of it.
 */
export function limitBody(maxBytes: number, message: string) {
  return createMiddleware(async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const declared = request.headers.get('Content-Length');
    if (declared !== null && !request.headers.has('Transfer-Encoding')) {
      if (Number(declared) > maxBytes) throw new PayloadTooLargeError(message);
      return next();
    }
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) throw new PayloadTooLargeError(message);
        chunks.push(value);
      }
    } finally {
      reader.releaseLock();
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(request, { body: bytes });
    return next();
  });
}
