import { describe, expect, it } from 'vitest';
import { lineProblem, parseCaptionFile, plainCueText, toWebVtt } from './caption-file.ts';
import { formatVttTime, parseVttTime } from './timestamps.ts';

function refused(text: string): string {
  const parsed = parseCaptionFile(text);
  if (parsed.ok) throw new Error('expected a refusal');
  return lineProblem(parsed);
}

describe('WebVTT files', () => {
  it('reads cues with identifiers, settings, notes and styles, in order, as plain text', () => {
    const parsed = parseCaptionFile(
      [
        '\uFEFFWEBVTT - a title',
        'Kind: captions',
        '',
        'STYLE',
        '::cue { color: yellow }',
        '',
        'NOTE written by hand',
        '',
        'second',
        '00:05.000 --> 00:07.500 align:start line:0',
        '<v Mayor>We will &amp; we <b>must</b>.</v>',
        '',
        '00:00:01.000 --> 00:00:04.000',
        'Good evening',
        'from the harbour',
        '',
      ].join('\r\n'),
    );
    expect(parsed).toEqual({
      ok: true,
      format: 'webvtt',
      cues: [
        { start: 1, end: 4, text: 'Good evening\nfrom the harbour' },
        { start: 5, end: 7.5, text: 'We will & we must.' },
      ],
    });
  });

  it('names the first bad line and why', () => {
    expect(refused('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBackwards\n')).toBe('line 3: end before start');
    expect(refused('WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\nfine\n\n00:00:05.000 -> 00:00:06.000\noops\n')).toBe(
      'line 7: expected a cue timing such as 00:00:01.000 --> 00:00:04.000',
    );
    expect(refused('WEBVTT\n\n00:00:01,000 --> 00:00:04,000\ncomma\n')).toMatch(/^line 3: not a cue timing/);
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:01.000\nnone\n')).toBe('line 3: end equals start (a cue must last)');
    expect(refused(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'x'.repeat(501)}\n`)).toBe('line 4: cue text over 500 characters');
    expect(refused('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\none\n00:00:03.000 --> 00:00:04.000\ntwo\n')).toMatch(/^line 5: "-->" inside/);
    expect(refused('WEBVTT\n\nNOTE nothing else\n')).toMatch(/the file has no cues$/);
    expect(refused('WEBVTT\n\n00:61.000 --> 01:02.000\nbad seconds\n')).toMatch(/^line 3: not a cue timing/);
  });

  it('refuses what is neither WebVTT nor SubRip', () => {
    expect(refused('<html><body>hello</body></html>')).toMatch(/^line 1: not a WebVTT file/);
    expect(refused('')).toMatch(/^line 1: /);
  });

  it('writes valid WebVTT that reads back the same', () => {
    const cues = [
      { start: 3725.5, end: 3727, text: 'Tom & Jerry <3 -->' },
      { start: 0.001, end: 1.2345, text: 'first\nsecond line' },
    ];
    const vtt = toWebVtt(cues);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:00.001 --> 00:00:01.235\nfirst\nsecond line\n\n01:02:05.500 --> 01:02:07.000\nTom &amp; Jerry &lt;3 --&gt;\n\n',
    );
    const again = parseCaptionFile(vtt);
    expect(again.ok && again.cues.map((cue) => cue.text)).toEqual(['first\nsecond line', 'Tom & Jerry <3 -->']);
  });
});

describe('SubRip files', () => {
  it('reads numbered cues with comma times', () => {
    const parsed = parseCaptionFile('1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i>\n\n2\n00:00:03,000 --> 00:00:04,000\nAgain\n');
    expect(parsed).toEqual({
      ok: true,
      format: 'subrip',
      cues: [
        { start: 1, end: 2.5, text: 'Hello' },
        { start: 3, end: 4, text: 'Again' },
      ],
    });
  });

  it('puts cues out of order in order, and names a bad line', () => {
    const parsed = parseCaptionFile('2\n00:00:03,000 --> 00:00:04,000\nlater\n\n1\n00:00:01,000 --> 00:00:05,000\nearlier, overlapping\n');
    expect(parsed.ok && parsed.cues.map((cue) => cue.start)).toEqual([1, 3]);
    expect(refused('1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\n00:00:09,000 --> 00:00:08,000\nbackwards\n')).toBe(
      'line 6: end before start',
    );
    expect(refused('1\n00:00:01,000 --> 00:00:02,000\nfine\n\nhello\nthere\n')).toBe('line 5: expected a cue number');
  });
});

describe('times and text', () => {
  it('reads and writes timestamps', () => {
    expect(parseVttTime('01:02.003')).toBe(62.003);
    expect(parseVttTime('100:00:00.000')).toBe(360000);
    expect(parseVttTime('1:02.003')).toBeNull();
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(59.9996)).toBe('00:01:00.000');
  });

  it('drops markup and decodes references', () => {
    expect(plainCueText('<c.loud>a &lt;b&gt; &#233;&#x41;</c> &unknown;')).toBe('a <b> éA &unknown;');
  });
});
