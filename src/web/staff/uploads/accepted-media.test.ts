import { describe, expect, it } from 'vitest';
import { mediaKind } from './accepted-media.ts';
import { titleFromFileName } from './file-title.ts';

const file = (name: string, type = '') => new File(['x'], name, { type });

describe('mediaKind', () => {
  it("sorts docs/product/rules.md#validation's types into images and videos, by type or by extension", () => {
    for (const name of ['a.png', 'a.jpg', 'a.JPEG', 'a.gif', 'a.webp']) expect(mediaKind(file(name)), name).toBe('image');
    for (const name of ['a.mp4', 'a.webm', 'a.mov', 'a.avi']) expect(mediaKind(file(name)), name).toBe('video');
    expect(mediaKind(file('clip', 'video/quicktime'))).toBe('video');
    expect(mediaKind(file('photo', 'image/jpeg'))).toBe('image');
  });

  it('has no kind for anything else', () => {
    expect(mediaKind(file('notes.pdf', 'application/pdf'))).toBeNull();
    expect(mediaKind(file('scan.bmp', 'image/bmp'))).toBeNull();
    expect(mediaKind(file('song.mp3', 'audio/mpeg'))).toBeNull();
  });
});

describe('titleFromFileName', () => {
  it('turns a file name into words', () => {
    expect(titleFromFileName('harbour_at-dawn.jpg')).toBe('harbour at dawn');
    expect(titleFromFileName('  Council   vote.final.mp4')).toBe('Council vote.final');
    expect(titleFromFileName('.png')).toBe('');
  });
});
