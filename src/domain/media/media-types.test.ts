import { describe, expect, it } from 'vitest';
import { acceptedMedia } from './media-types.ts';

describe('acceptedMedia', () => {
  it('accepts exactly the image and video types of docs/product/api.md', () => {
    expect(['png', 'apng', 'jpg', 'gif', 'webp'].map((ext) => acceptedMedia({ ext })?.kind)).toEqual([
      'image',
      'image',
      'image',
      'image',
      'image',
    ]);
    expect(['mp4', 'm4v', 'webm', 'mov', 'avi'].map((ext) => acceptedMedia({ ext })?.kind)).toEqual([
      'video',
      'video',
      'video',
      'video',
      'video',
    ]);
    for (const ext of ['xml', 'svg', 'exe', 'elf', 'pdf', 'mkv', 'html']) expect(acceptedMedia({ ext })).toBeNull();
    expect(acceptedMedia(undefined)).toBeNull();
  });
});
