/**
 * Server-Sent Events read as the browser's EventSource reads them (the HTML standard's event stream
 * interpretation, the parts our streams use): text pushed in as it arrives, events out when their
 * blank line has come. `lastEventId` and `retry` are kept as the browser keeps them, for reconnecting.
 * For the live blog's tests and its benchmark, which have no EventSource of their own.
 */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export class SseParser {
  private buffer = '';
  lastEventId: string | null = null;
  retry: number | null = null;
  comments = 0;

  /** The events completed by this text. */
  push(text: string): SseEvent[] {
    this.buffer += text.replace(/\r\n?/g, '\n');
    const events: SseEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) {
          this.comments++;
          continue;
        }
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
        else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
      }
      if (id !== null) this.lastEventId = id;
      if (data.length > 0) events.push({ event, id, data: data.join('\n') });
    }
    return events;
  }
}
