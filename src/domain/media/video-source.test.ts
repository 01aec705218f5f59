import { describe, expect, it } from 'vitest';
import { videoSource } from './video-source.ts';

// Autoplay: the embed is only loaded by the reader's tap on its facade.
const embed = (id: string, extra = '') => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0&controls=1${extra}`;

describe('videoSource', () => {
  it('turns watch, shorts, youtu.be, live and embed links into a privacy-enhanced embed', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      const source = videoSource(link);
      expect(source, link).toEqual({
        kind: 'youtube',
        id: 'dQw4w9WgXcQ',
        embedUrl: embed('dQw4w9WgXcQ'),
        watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      });
    }
  });

  it('keeps a start time', () => {
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ?t=90')).toMatchObject({ embedUrl: embed('dQw4w9WgXcQ', '&start=90') });
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')).toMatchObject({
      embedUrl: embed('dQw4w9WgXcQ', '&start=90'),
    });
  });

  it('plays other links as files, site paths as they are', () => {
    expect(videoSource('https://cdn.example.com/clip.mp4')).toEqual({ kind: 'file', src: 'https://cdn.example.com/clip.mp4' });
    expect(videoSource('/media/videos/abc.webm')).toEqual({ kind: 'file', src: '/media/videos/abc.webm' });
    // A YouTube page that is not a video, or a look-alike host, is not an embed.
    expect(videoSource('https://www.youtube.com/@channel')).toEqual({ kind: 'file', src: 'https://www.youtube.com/@channel' });
    expect(videoSource('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')?.kind).toBe('file');
  });

  it('plays nothing for blank or non-web links', () => {
    expect(videoSource(null)).toBeNull();
    expect(videoSource('  ')).toBeNull();
    expect(videoSource('javascript:alert(1)')).toBeNull();
    expect(videoSource('data:video/mp4;base64,AAAA')).toBeNull();
  });
});
