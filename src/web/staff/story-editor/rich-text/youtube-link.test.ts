import { describe, expect, it } from 'vitest';
import { youtubeLink } from './youtube-link.ts';

describe('youtubeLink', () => {
  it('reads the watch, short-link and shorts forms, keeping a start time', () => {
    expect(youtubeLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(youtubeLink(' https://youtu.be/dQw4w9WgXcQ?si=abc&t=90 ')).toEqual({
      src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      start: 90,
    });
    expect(youtubeLink('https://youtube.com/shorts/dQw4w9WgXcQ')).toEqual({ src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });

  it('refuses anything that is not a YouTube video', () => {
    expect(youtubeLink('https://vimeo.com/12345')).toBeNull();
    expect(youtubeLink('https://www.youtube.com/@somechannel')).toBeNull();
    expect(youtubeLink('javascript:alert(1)')).toBeNull();
    expect(youtubeLink('not a link')).toBeNull();
  });
});
