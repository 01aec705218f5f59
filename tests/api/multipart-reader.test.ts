import { describe, expect, it } from 'vitest';
import { MultipartError, boundaryOf, readMultipart, type MultipartPart } from '../../src/adapters/http/multipart/multipart-reader.ts';
import { byteDifference, fileOf, multipart, samples, streamOf } from './support/media.ts';

const BOUNDARY = 'xYzZY-boundary';

async function collect(body: Uint8Array, pieceSize: number, boundary = BOUNDARY) {
  const parts: { name: string; filename: string | null; contentType: string | null; bytes: Uint8Array }[] = [];
  for await (const part of readMultipart(streamOf(body, pieceSize), boundary)) {
    const pieces: Uint8Array[] = [];
    for await (const chunk of part.chunks()) pieces.push(chunk.slice());
    const bytes = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    pieces.reduce((offset, p) => (bytes.set(p, offset), offset + p.length), 0);
    parts.push({ name: part.name, filename: part.filename, contentType: part.contentType, bytes });
  }
  return parts;
}

const text = (value: string) => new TextEncoder().encode(value);

describe('readMultipart', () => {
  // A file whose bytes hold near-delimiters: CRLF, "--", the boundary without its leading CRLF.
  const tricky = new Uint8Array([
    ...text(`\r\n--${BOUNDARY.slice(0, 10)}\r\n-\r`),
    ...fileOf(samples.png, 3000),
    ...text(`--${BOUNDARY}`),
    13,
  ]);
  const { body } = multipart(
    [
      { name: 'title', value: 'Hello, “world”' },
      { name: 'video', value: tricky, filename: 'clip name.webm', contentType: 'video/webm' },
      { name: 'empty', value: '' },
    ],
    BOUNDARY,
  );

  it.each([1, 2, 3, 7, 64, 1000, body.length])('finds every part whatever the chunk size (%i)', async (pieceSize) => {
    const parts = await collect(body, pieceSize);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['title', null, null],
      ['video', 'clip name.webm', 'video/webm'],
      ['empty', null, null],
    ]);
    expect(new TextDecoder().decode(parts[0]!.bytes)).toBe('Hello, “world”');
    expect(byteDifference(parts[1]!.bytes, tricky)).toBe('equal');
    expect(parts[2]!.bytes.length).toBe(0);
  });

  it('ignores a preamble and an epilogue, and accepts a body that does not start with CRLF', async () => {
    const raw = text(`preamble text\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${BOUNDARY}--\r\nepilogue`);
    expect((await collect(raw, 5)).map((p) => new TextDecoder().decode(p.bytes))).toEqual(['1']);
  });

  it('skips a part the reader does not read, and text() limits a field', async () => {
    const { body: two } = multipart(
      [
        { name: 'skip', value: fileOf(samples.gif, 5000), filename: 'x.gif' },
        { name: 'note', value: 'kept' },
      ],
      BOUNDARY,
    );
    const seen: string[] = [];
    for await (const part of readMultipart(streamOf(two, 100), BOUNDARY)) {
      if (part.name === 'note') seen.push(await part.text(100));
      else seen.push(part.name);
    }
    expect(seen).toEqual(['skip', 'kept']);

    const { body: long } = multipart([{ name: 'title', value: 'x'.repeat(200) }], BOUNDARY);
    const read = async () => {
      for await (const part of readMultipart(streamOf(long), BOUNDARY)) await part.text(100);
    };
    await expect(read()).rejects.toThrow(MultipartError);
  });

  it('decodes quoted and RFC 5987 file names', async () => {
    const raw = text(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a\\"b.png"; filename*=UTF-8''caf%C3%A9.png\r\n\r\nx\r\n--${BOUNDARY}--`,
    );
    expect((await collect(raw, 3))[0]!.filename).toBe('café.png');
  });

  it.each([
    ['a body cut inside a part', (b: Uint8Array) => b.subarray(0, b.length - 30)],
    ['a body with no closing delimiter', (b: Uint8Array) => b.subarray(0, b.length - `--${BOUNDARY}--\r\n`.length)],
    ['a body with no delimiter at all', () => text('just some bytes')],
  ])('throws MultipartError for %s', async (_name, mangle) => {
    await expect(collect(mangle(body), 16)).rejects.toThrow(MultipartError);
  });

  it('throws MultipartError for a part without a name, oversized headers or too many parts', async () => {
    await expect(collect(text(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--`), 4)).rejects.toThrow(
      /no form-data name/,
    );
    const hugeHeader = text(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\nx\r\n--${BOUNDARY}--`,
    );
    await expect(collect(hugeHeader, 512)).rejects.toThrow(/headers are too large/);
    const many = multipart(
      Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
      BOUNDARY,
    ).body;
    await expect(collect(many, 512)).rejects.toThrow(/more than 32 parts/);
  });

  it('refuses to hand out a part twice', async () => {
    const { body: one } = multipart([{ name: 'a', value: 'x' }], BOUNDARY);
    let part: MultipartPart | undefined;
    const read = async () => {
      for await (const p of readMultipart(streamOf(one), BOUNDARY)) {
        part = p;
        await p.text(10);
        await p.text(10);
      }
    };
    await expect(read()).rejects.toThrow(/already read/);
    expect(part?.name).toBe('a');
  });
});

describe('boundaryOf', () => {
  it('reads the boundary of multipart/form-data only', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryabc123')).toBe('----WebKitFormBoundaryabc123');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="quoted boundary"')).toBe('quoted boundary');
    expect(boundaryOf('multipart/mixed; boundary=abc')).toBeNull();
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });
});
