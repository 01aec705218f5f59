import { describe, expect, it } from 'vitest';
import { hlsMediaPlaylist, targetDurationFor } from './hls-playlist.ts';

describe('an HLS media playlist', () => {
  const segments = [
    { n: 4, duration: 1.045, startsAt: Date.UTC(2026, 10, 24, 12, 0, 0), key: true },
    { n: 5, duration: 1.049, startsAt: Date.UTC(2026, 10, 24, 12, 0, 1, 45), key: true },
  ];

  it('while live: version 7, the init section as EXT-X-MAP, program date-times, blocking reload, no end', () => {
    expect(hlsMediaPlaylist({ ended: false, segments, nextSequence: 6, targetDuration: 2 })).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:4',
        '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MAP:URI="live/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T12:00:00.000Z',
        '#EXTINF:1.045,',
        'live/4.m4s',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T12:00:01.045Z',
        '#EXTINF:1.049,',
        'live/5.m4s',
        '',
      ].join('\n'),
    );
  });

  it('once over: a VOD playlist ending with EXT-X-ENDLIST; with nothing yet, the next sequence number', () => {
    const ended = hlsMediaPlaylist({ ended: true, segments, nextSequence: 6, targetDuration: 2 });
    expect(ended).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(ended).not.toContain('CAN-BLOCK-RELOAD');
    expect(ended.endsWith('live/5.m4s\n#EXT-X-ENDLIST\n')).toBe(true);
    expect(hlsMediaPlaylist({ ended: false, segments: [], nextSequence: 9, targetDuration: 2 })).toContain('#EXT-X-MEDIA-SEQUENCE:9\n');
  });

  it('keeps the target duration at 2 s or more, rounding as RFC 8216 compares', () => {
    expect(targetDurationFor(1.05)).toBe(2);
    expect(targetDurationFor(2.4)).toBe(2);
    expect(targetDurationFor(5.1)).toBe(5);
    expect(targetDurationFor(5.6)).toBe(6);
  });
});
