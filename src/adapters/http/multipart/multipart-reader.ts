/**
 * A streaming multipart/form-data reader (RFC 7578 over RFC 2046) for request bodies too large to
 * hold: Hono's parseBody and Request.formData() buffer the whole body, this hands each part's
 * bytes on as they arrive and keeps only a delimiter's length of look-ahead. Parts are read in
 * order; a part's body must be read (or is skipped) before the next part is yielded.
 */

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

export interface MultipartPart {
  name: string;
  /** Present (possibly empty) for file parts, null for plain fields. */
  filename: string | null;
  contentType: string | null;
  /** The part's bytes as they arrive. */
  chunks(): AsyncGenerator<Uint8Array>;
  /** The part as UTF-8 text; throws MultipartError when it is longer than maxBytes. */
  text(maxBytes: number): Promise<string>;
}

export interface MultipartLimits {
  /** Largest header block of one part. */
  maxHeaderBytes: number;
  /** Most parts a body may have. */
  maxParts: number;
}

const DEFAULT_LIMITS: MultipartLimits = { maxHeaderBytes: 16 * 1024, maxParts: 32 };
const CRLF = Uint8Array.of(13, 10);
const HEADER_END = Uint8Array.of(13, 10, 13, 10);

/** The boundary of a multipart/form-data content type, or null when it is not one. */
export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** Boyer-Moore-Horspool: the delimiter is long, so most bytes of a file are never looked at. */
class Finder {
  private readonly skip = new Uint32Array(256);

  constructor(readonly needle: Uint8Array) {
    this.skip.fill(needle.length);
    for (let i = 0; i < needle.length - 1; i++) this.skip[needle[i]!] = needle.length - 1 - i;
  }

  indexIn(haystack: Uint8Array, from: number): number {
    const needle = this.needle;
    const last = needle.length - 1;
    let i = from;
    while (i + last < haystack.length) {
      let j = last;
      while (j >= 0 && haystack[i + j] === needle[j]) j--;
      if (j < 0) return i;
      i += this.skip[haystack[i + last]!]!;
    }
    return -1;
  }
}

function parseDisposition(value: string): { name: string | null; filename: string | null } {
  if (!/^\s*form-data\s*(;|$)/i.test(value)) return { name: null, filename: null };
  const params = new Map<string, string>();
  for (const match of value.matchAll(/;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const raw = match[2]!.trim();
    params.set(match[1]!.toLowerCase(), raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
  }
  const extended = params.get('filename*');
  let filename = params.get('filename') ?? null;
  if (extended) {
    const encoded = /^utf-8''(.*)$/i.exec(extended);
    if (encoded) {
      try {
        filename = decodeURIComponent(encoded[1]!);
      } catch {
        // Keep the plain filename.
      }
    }
  }
  return { name: params.get('name') ?? null, filename };
}

function parseHeaders(block: Uint8Array): { name: string; filename: string | null; contentType: string | null } {
  // Header values are ASCII; a UTF-8 filename survives being decoded as UTF-8.
  const lines = new TextDecoder().decode(block).split('\r\n');
  let disposition: ReturnType<typeof parseDisposition> | null = null;
  let contentType: string | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-disposition') disposition = parseDisposition(value);
    if (header === 'content-type') contentType = value;
  }
  if (!disposition?.name) throw new MultipartError('a part has no form-data name');
  return { name: disposition.name, filename: disposition.filename, contentType };
}

/** Yields the parts of a multipart body in order. Throws MultipartError on a malformed body. */
export async function* readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  limits: Partial<MultipartLimits> = {},
): AsyncGenerator<MultipartPart> {
  const { maxHeaderBytes, maxParts } = { ...DEFAULT_LIMITS, ...limits };
  const reader = body.getReader();
  const delimiter = new Finder(new TextEncoder().encode(`\r\n--${boundary}`));
  const headerEnd = new Finder(HEADER_END);
  // A CRLF in front lets the first delimiter, which may open the body, match like every other.
  let buf: Uint8Array = CRLF;
  let pos = 0;
  let ended = false;

  const pull = async (): Promise<boolean> => {
    if (ended) return false;
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    const rest = buf.subarray(pos);
    if (rest.length === 0) {
      buf = value;
    } else {
      // Only a delimiter's length is normally left over; joining copies the new chunk once.
      const next = new Uint8Array(rest.length + value.length);
      next.set(rest);
      next.set(value, rest.length);
      buf = next;
    }
    pos = 0;
    return true;
  };

  /** Reads until `finder` matches; yields the bytes before it and leaves `pos` after the match. */
  async function* until(finder: Finder): AsyncGenerator<Uint8Array> {
    const keep = finder.needle.length - 1;
    for (;;) {
      const at = finder.indexIn(buf, pos);
      if (at >= 0) {
        if (at > pos) yield buf.subarray(pos, at);
        pos = at + finder.needle.length;
        return;
      }
      const safe = buf.length - keep;
      if (safe > pos) {
        const out = buf.subarray(pos, safe);
        pos = safe;
        yield out;
      }
      if (!(await pull())) throw new MultipartError('the body ended inside a part');
    }
  }

  const need = async (count: number): Promise<void> => {
    while (buf.length - pos < count) {
      if (!(await pull())) throw new MultipartError('the body ended too early');
    }
  };

  try {
    // Preamble: everything before the first delimiter is ignored.
    for await (const _ of until(delimiter)) void _;
    for (let parts = 0; ; parts++) {
      await need(2);
      if (buf[pos] === 45 && buf[pos + 1] === 45) return; // "--": the closing delimiter; the epilogue is ignored.
      // Transport padding, then the CRLF that ends the delimiter line.
      for (;;) {
        await need(2);
        if (buf[pos] === 13 && buf[pos + 1] === 10) break;
        if (buf[pos] !== 32 && buf[pos] !== 9) throw new MultipartError('malformed delimiter line');
        pos += 1;
      }
      pos += 2;
      if (parts >= maxParts) throw new MultipartError(`more than ${maxParts} parts`);

      const headerChunks: Uint8Array[] = [];
      let headerLength = 0;
      // A part with no headers at all starts straight with the blank line.
      if (!(buf.length - pos >= 2 && buf[pos] === 13 && buf[pos + 1] === 10)) {
        for await (const chunk of until(headerEnd)) {
          headerLength += chunk.length;
          if (headerLength > maxHeaderBytes) throw new MultipartError('part headers are too large');
          headerChunks.push(chunk.slice());
        }
      } else {
        pos += 2;
      }
      const block = new Uint8Array(headerLength);
      headerChunks.reduce((offset, chunk) => (block.set(chunk, offset), offset + chunk.length), 0);
      const headers = parseHeaders(block);

      let consumed = false;
      const chunks = async function* (): AsyncGenerator<Uint8Array> {
        if (consumed) throw new MultipartError(`part "${headers.name}" was already read`);
        consumed = true;
        yield* until(delimiter);
      };
      yield {
        ...headers,
        chunks,
        async text(maxBytes: number) {
          const pieces: Uint8Array[] = [];
          let length = 0;
          for await (const chunk of chunks()) {
            length += chunk.length;
            if (length > maxBytes) throw new MultipartError(`field "${headers.name}" is longer than ${maxBytes} bytes`);
            pieces.push(chunk.slice());
          }
          const all = new Uint8Array(length);
          pieces.reduce((offset, chunk) => (all.set(chunk, offset), offset + chunk.length), 0);
          return new TextDecoder().decode(all);
        },
      };
      if (!consumed) for await (const _ of chunks()) void _;
    }
  } finally {
    // Stop reading what is left (a refused upload); a body read to its end is already released.
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
