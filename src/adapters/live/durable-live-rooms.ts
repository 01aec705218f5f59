import { ROLE_HEADER, type LiveRole } from './live-role.ts';
import type { LiveStreamRoom, RoomOutcome, RoomSettings } from './live-stream-room.ts';

/** The worker's handle on the live stream rooms: one Durable Object per stream, named by its id. */
export class DurableLiveRooms {
  constructor(private readonly namespace: DurableObjectNamespace<LiveStreamRoom>) {}

  private room(streamId: number) {
    return this.namespace.get(this.namespace.idFromName(`stream-${streamId}`));
  }

  open(settings: RoomSettings): Promise<void> {
    return this.room(settings.streamId).open(settings);
  }

  end(streamId: number): Promise<RoomOutcome> {
    return this.room(streamId).end();
  }

  /**
   * Hands a WebSocket upgrade the worker has already authorised to the stream's room. The role
   * header is set here, after whatever the client sent, so only the worker decides who publishes.
   */
  async connect(streamId: number, role: LiveRole, request: Request): Promise<Response> {
    const headers = new Headers(request.headers);
    headers.set(ROLE_HEADER, role);
    const response = await this.room(streamId).fetch(new Request(request.url, { method: 'GET', headers }));
    // A copy with mutable headers, so the worker's security headers can be added on the way out.
    return new Response(response.webSocket ? null : response.body, { status: response.status, webSocket: response.webSocket, headers: response.headers });
  }
}
