import { describe, expect, it } from 'vitest';
import { isPictureWidth, isResizablePicture, pictureAt, pictureFormatFor, pictureSrcset, PICTURE_WIDTHS } from './picture.ts';

describe('pictures at the size a screen needs', () => {
  const uploaded = '/media/images/2026/11/0b9c7a4e-5a2f-4c1e-9c77-1d2e3f4a5b6c.jpg';

  it('resizes only this site’s uploaded pictures (not GIFs, not links elsewhere)', () => {
    expect(isResizablePicture(uploaded)).toBe(true);
    expect(isResizablePicture('/media/images/2026/11/0b9c7a4e-5a2f-4c1e-9c77-1d2e3f4a5b6c.webp')).toBe(true);
    expect(isResizablePicture('/media/images/2026/11/0b9c7a4e-5a2f-4c1e-9c77-1d2e3f4a5b6c.gif')).toBe(false);
    expect(isResizablePicture('/media/videos/2026/11/clip.webm')).toBe(false);
    expect(isResizablePicture('https://cdn.example/photo.jpg')).toBe(false);
    expect(isResizablePicture('/og-image.png')).toBe(false);
    expect(isResizablePicture(null)).toBe(false);
  });

  it('lists every served width in srcset, and leaves other pictures alone', () => {
    expect(pictureSrcset(uploaded)).toBe(PICTURE_WIDTHS.map((w) => `${uploaded}?w=${w} ${w}w`).join(', '));
    expect(pictureSrcset('https://cdn.example/photo.jpg')).toBeNull();
    expect(pictureAt(uploaded, 640)).toBe(`${uploaded}?w=640`);
    expect(pictureAt('https://cdn.example/photo.jpg', 640)).toBe('https://cdn.example/photo.jpg');
  });

  it('serves from about 320 px wide up', () => {
    expect(PICTURE_WIDTHS[0]).toBe(320);
    expect([...PICTURE_WIDTHS]).toEqual([...PICTURE_WIDTHS].sort((a, b) => a - b));
    expect(isPictureWidth(640)).toBe(true);
    expect(isPictureWidth(641)).toBe(false);
  });

  it('answers in AVIF, else WebP, else the picture’s own type, as Accept allows', () => {
    expect(pictureFormatFor('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'image/jpeg')).toBe('image/avif');
    expect(pictureFormatFor('image/webp,*/*', 'image/jpeg')).toBe('image/webp');
    expect(pictureFormatFor('image/avif;q=0, image/webp', 'image/png')).toBe('image/webp');
    expect(pictureFormatFor('*/*', 'image/png')).toBe('image/png');
    expect(pictureFormatFor(null, 'image/webp')).toBe('image/jpeg');
    expect(pictureFormatFor('image/jpeg', 'image/jpeg')).toBe('image/jpeg');
  });
});
