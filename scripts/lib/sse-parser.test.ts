import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

describe('SseParser', () => {
  it('reads events split anywhere, keeps the last id and retry, and skips comments', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 1000\nid: 4\n\n')).toEqual([]);
    expect(parser.retry).toBe(1000);
    expect(parser.lastEventId).toBe('4');
    expect(parser.push('id: 7\nevent: chan')).toEqual([]);
    expect(parser.push('ges\ndata: {"a":1}\n\n: keepalive\n\ndata: one\r\ndata:two\n\n')).toEqual([
      { event: 'changes', id: '7', data: '{"a":1}' },
      { event: 'message', id: null, data: 'one\ntwo' },
    ]);
    expect(parser.lastEventId).toBe('7');
    expect(parser.comments).toBe(1);
  });
});
