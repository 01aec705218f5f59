import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
export { byteDifference } from './bytes.ts';

/** Small but real files of each kind, as their first bytes are what the server judges. */
const ascii = (text: string) => [...new TextEncoder().encode(text)];
const bytes = (...parts: (number | number[])[]) => Uint8Array.from(parts.flat());

export const samples = {
  png: bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0, 0, 0, 13],
    ascii('IHDR'),
    [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
    [0x1f, 0x15, 0xc4, 0x89],
  ),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], ascii('JFIF'), [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  gif: bytes(ascii('GIF89a'), [1, 0, 1, 0, 0, 0, 0]),
  webp: bytes(ascii('RIFF'), [26, 0, 0, 0], ascii('WEBPVP8 '), new Array(18).fill(0)),
  mp4: bytes([0, 0, 0, 0x18], ascii('ftypisom'), [0, 0, 2, 0], ascii('isomiso2')),
  mov: bytes([0, 0, 0, 0x14], ascii('ftypqt  '), [0, 0, 2, 0], ascii('qt  ')),
  avi: bytes(ascii('RIFF'), [0, 0, 0, 0], ascii('AVI LIST'), [0, 0, 0, 0]),
  html: bytes(ascii('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')),
  svg: bytes(ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>')),
  exe: bytes(ascii('MZ'), [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0], new Array(200).fill(0)),
  elf: bytes([0x7f], ascii('ELF'), [2, 1, 1, 0], new Array(100).fill(0)),
};

/** `length` bytes that start with `head` and continue with a repeatable pattern (so a read-back can be compared). */
export function fileOf(head: Uint8Array, length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  out.set(head.subarray(0, length));
  let x = seed;
  for (let i = head.length; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export interface FormPart {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body in exactly the given part order (FormData would not promise one). */
export function multipart(parts: FormPart[], boundary = `----newsroom-test-${crypto.randomUUID()}`) {
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    pieces.push(encoder.encode(`${head}\r\n`));
    pieces.push(typeof part.value === 'string' ? encoder.encode(part.value) : part.value);
    pieces.push(encoder.encode('\r\n'));
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  pieces.reduce((offset, p) => (body.set(p, offset), offset + p.length), 0);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A body of unknown length, arriving in pieces of `pieceSize` (as over a slow network, with no Content-Length). */
export function streamOf(data: Uint8Array, pieceSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= data.length) {
        controller.close();
        return;
      }
      controller.enqueue(data.slice(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
}

/** Every object key in the test's bucket. */
async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

const DERIVED = 'derivatives/';

/**
 * The uploads in the bucket. The pictures made from uploaded pictures (decision 065) arrive in the
 * background, on their own time, under derivatives/: they are left out here, and `derivedKeys`
 * checks that none is there without its upload.
 */
export async function bucketKeys(): Promise<string[]> {
  const keys = await allKeys();
  const uploads = keys.filter((key) => !key.startsWith(DERIVED));
  const orphans = keys.filter((key) => key.startsWith(DERIVED) && !uploads.some((upload) => key.startsWith(`${DERIVED}${upload}/`)));
  expect(orphans, 'pictures made from an upload that is not there').toEqual([]);
  return uploads;
}

/** The pictures made from the upload `key` so far. */
export async function derivedKeys(key: string): Promise<string[]> {
  return (await allKeys()).filter((k) => k.startsWith(`${DERIVED}${key}/`));
}

export async function readObject(key: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(key);
  if (!object) throw new Error(`no object ${key}`);
  return new Uint8Array(await object.arrayBuffer());
}

export const MiB = 1024 * 1024;

/** A PNG of exactly `length` bytes: the sample's signature and header, then one IDAT chunk filling the rest. */
export function pngOf(length: number): Uint8Array {
  const head = samples.png;
  const dataLength = length - head.length - 12;
  const out = fileOf(new Uint8Array(), length);
  out.set(head);
  new DataView(out.buffer).setUint32(head.length, dataLength);
  out.set(new TextEncoder().encode('IDAT'), head.length + 4);
  return out;
}
