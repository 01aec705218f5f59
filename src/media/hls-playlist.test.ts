import { describe, expect, it } from 'vitest';
import { hlsMediaPlaylist, hlsMultivariantPlaylist, hlsSubtitlesPlaylist, targetDurationFor, timestampMap } from './hls-playlist.ts';

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

describe('a captioned stream’s HLS (decision 128)', () => {
  const segments = [
    { n: 4, duration: 1.045, startsAt: Date.UTC(2026, 10, 24, 12, 0, 0), key: true },
    { n: 5, duration: 1.049, startsAt: Date.UTC(2026, 10, 24, 12, 0, 1, 45), key: true },
  ];

  it('the multivariant playlist: the media playlist with a WebVTT SUBTITLES rendition, the viewer’s id on both URIs', () => {
    const variant = { codecs: 'avc1.64001f,mp4a.40.2', bandwidth: 812_345.6, subtitles: { lang: 'en', name: 'Captions (automatic)' } };
    expect(hlsMultivariantPlaylist(variant, 'v=ab12')).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="captions",NAME="Captions (automatic)",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog",URI="captions.m3u8?v=ab12"',
        '#EXT-X-STREAM-INF:BANDWIDTH=812346,CODECS="avc1.64001f,mp4a.40.2",SUBTITLES="captions"',
        'live.m3u8?v=ab12',
        '',
      ].join('\n'),
    );
    // Not captioned (no transcriber): the media playlist alone.
    expect(hlsMultivariantPlaylist({ codecs: null, bandwidth: 1, subtitles: null })).toBe(
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlive.m3u8\n',
    );
  });

  it('the subtitles playlist: a WebVTT segment per media segment, same numbers and times; HOLD-BACK while live, ENDLIST once over', () => {
    const live = hlsSubtitlesPlaylist({ ended: false, segments, nextSequence: 6, targetDuration: 2, holdBack: 12 });
    expect(live).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:4',
        '#EXT-X-SERVER-CONTROL:HOLD-BACK=12.0',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T12:00:00.000Z',
        '#EXTINF:1.045,',
        'captions/4.vtt',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T12:00:01.045Z',
        '#EXTINF:1.049,',
        'captions/5.vtt',
        '',
      ].join('\n'),
    );
    expect(
      hlsSubtitlesPlaylist({ ended: true, segments, nextSequence: 6, targetDuration: 2 }).endsWith('captions/5.vtt\n#EXT-X-ENDLIST\n'),
    ).toBe(true);
    expect(hlsMediaPlaylist({ ended: false, segments, nextSequence: 6, targetDuration: 2, holdBack: 12 })).toContain(
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,HOLD-BACK=12.0\n',
    );
  });

  it('X-TIMESTAMP-MAP: LOCAL and MPEGTS name the same media instant, to the millisecond', () => {
    const format = (t: number) => `L${t.toFixed(3)}`;
    expect(timestampMap(12.3456, format)).toBe('X-TIMESTAMP-MAP=MPEGTS:1111140,LOCAL:L12.346');
    expect(timestampMap(0, format)).toBe('X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:L0.000');
  });
});
