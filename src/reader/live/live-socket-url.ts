/** The WebSocket address of a live-stream route on this site (ws: or wss: as the page is served). */
export function liveSocketUrl(streamId: number | string, route: 'publish'): string {
  const url = new URL(`/api/streams/${encodeURIComponent(String(streamId))}/${route}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function parseServerMessage<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}
