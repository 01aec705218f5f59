import { describe, expect, it } from 'vitest';
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from './base64.ts';

describe('base64', () => {
  it('round-trips bytes longer than one chunk of the encoder', () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 5 }, (_, i) => (i * 31) & 0xff);
    // Compared as text: a deep equality over 65 kB of bytes takes seconds.
    const text = toBase64(bytes);
    expect(text).toBe(btoa(String.fromCharCode(...bytes)));
    expect(toBase64(fromBase64(text))).toBe(text);
    expect(toBase64(fromBase64Url(toBase64Url(bytes)))).toBe(text);
  });

  it('writes base64url without padding or + and /', () => {
    expect(toBase64(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
  });

  it('gives no bytes for text that is not base64', () => {
    expect(fromBase64('not base64!')).toEqual(new Uint8Array());
    expect(fromBase64Url('***')).toEqual(new Uint8Array());
  });
});
