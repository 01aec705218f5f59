import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { RoomViewers } from '../../src/adapters/live/room-viewers.ts';
import { StreamAudience } from '../../src/adapters/live/stream-audience.ts';
import type { LiveStreamRoom } from '../../src/adapters/live/live-stream-room.ts';
import type { AudienceMinute } from '../../src/domain/readership/readership.ts';
import { api, deps, expectError, signUp } from './support/api.ts';
import { roomOf, startStream } from './support/live.ts';

const T0 = Date.parse('2026-06-01T12:00:00.000Z');
const s = (seconds: number) => T0 + seconds * 1000;

describe('a stream’s audience, minute by minute', () => {
  it('keeps each minute’s most viewers at once and its viewer-seconds, recorded as each minute ends', () => {
    const recorded: AudienceMinute[] = [];
    const audience = new StreamAudience(async (minute) => void recorded.push(minute));
    audience.observe(0, s(10));
    audience.observe(4, s(30)); // 4 viewers from 0:30
    audience.observe(2, s(45)); // 2 from 0:45
    expect(recorded).toEqual([]);
    audience.observe(6, s(75)); // 1:15, six; minute 0 is over
    expect(recorded).toEqual([{ minute: '2026-06-01T12:00:00.000Z', viewers: 4, viewerSeconds: 4 * 15 + 2 * 15 }]);
    audience.observe(0, s(200)); // 3:20: minutes 1 and 2 end on the way
    expect(recorded.slice(1)).toEqual([
      { minute: '2026-06-01T12:01:00.000Z', viewers: 6, viewerSeconds: 2 * 15 + 6 * 45 },
      { minute: '2026-06-01T12:02:00.000Z', viewers: 6, viewerSeconds: 6 * 60 },
    ]);
    audience.observe(3, s(230));
    audience.close(s(240));
    expect(recorded.at(-1)).toEqual({ minute: '2026-06-01T12:03:00.000Z', viewers: 6, viewerSeconds: 6 * 20 + 3 * 10 });
    expect(recorded).toHaveLength(4);
  });

  it('records nothing for minutes nobody watched', () => {
    const recorded: AudienceMinute[] = [];
    const audience = new StreamAudience(async (minute) => void recorded.push(minute));
    audience.observe(0, s(0));
    audience.observe(0, s(500));
    audience.close(s(510));
    expect(recorded).toEqual([]);
  });

  it('comes from the room’s viewer count, which it looks at on every report', () => {
    let now = s(0);
    const recorded: AudienceMinute[] = [];
    const viewers = new RoomViewers({
      now: () => now,
      tellPublisher: () => {},
      save: async () => {},
      recordMinute: async (minute) => void recorded.push(minute),
    });
    viewers.report({ isolate: 'a', viewers: 3 });
    now = s(10);
    viewers.report({ isolate: 'b', viewers: 2 });
    now = s(61);
    viewers.refresh();
    expect(recorded).toEqual([{ minute: '2026-06-01T12:00:00.000Z', viewers: 5, viewerSeconds: 3 * 10 + 5 * 50 }]);
    viewers.stop();
    expect(recorded).toHaveLength(2);
    viewers.stop();
    expect(recorded).toHaveLength(2);
  });

  it('reaches D1 from a live room when the stream ends, and is read back one point a minute', async () => {
    const reporter = await signUp('reporter');
    const other = await signUp('reporter');
    const admin = await signUp('admin');
    const stream = await startStream(reporter.token);
    await runInDurableObject(roomOf(stream.id), async (room: LiveStreamRoom) => {
      room.report({ isolate: 'isolate-1', viewers: 7 });
      room.report({ isolate: 'isolate-2', viewers: 5 });
    });
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token })).status).toBe(200);
    const rows = await deps.readership.audienceMinutes(stream.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.viewers).toBe(12);

    const audience = await api(`/api/analytics/streams/${stream.id}`, { token: reporter.token });
    expect(audience.status).toBe(200);
    expect(audience.body.peakViewers).toBe(12);
    expect(audience.body.series.at(-1)).toEqual({ t: rows[0]!.minute, viewers: 12 });
    expect(audience.body.series.every((p: { t: string }) => p.t.endsWith(':00.000Z'))).toBe(true);
    expect(Object.keys(audience.body).sort()).toEqual(['peakViewers', 'series', 'viewerMinutes']);

    expect((await api(`/api/analytics/streams/${stream.id}`, { token: admin.token })).status).toBe(200);
    expectError(await api(`/api/analytics/streams/${stream.id}`, { token: other.token }), 404, 'not_found');
    expectError(await api('/api/analytics/streams/999999', { token: admin.token }), 404, 'not_found');
    expectError(await api(`/api/analytics/streams/${stream.id}`), 401);
    expect((await api(`/api/analytics/stories/${stream.storyId}/streams`, { token: reporter.token })).body).toEqual([
      { id: stream.id, isActive: false, startedAt: stream.startedAt, endedAt: expect.any(String) },
    ]);
  });

  it('fills the minutes on air that have no row with zeros, and adds up viewer-minutes', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token);
    const started = Date.parse(stream.startedAt);
    const minute = (n: number) => new Date(Math.floor(started / 60_000) * 60_000 + n * 60_000).toISOString();
    await deps.readership.recordAudienceMinute(stream.id, { minute: minute(0), viewers: 3, viewerSeconds: 120 });
    await deps.readership.recordAudienceMinute(stream.id, { minute: minute(2), viewers: 9, viewerSeconds: 300 });
    // A minute recorded in two parts (the room woke in between) adds up.
    await deps.readership.recordAudienceMinute(stream.id, { minute: minute(2), viewers: 4, viewerSeconds: 60 });
    const live = (await api(`/api/analytics/streams/${stream.id}`, { token: reporter.token })).body;
    expect(live.series[0]).toEqual({ t: minute(0), viewers: 3 });
    expect(live.peakViewers).toBe(9);
    expect(live.viewerMinutes).toBe(8);
    const rows = await deps.readership.audienceMinutes(stream.id);
    expect(rows.map((row) => [row.viewers, row.viewerSeconds])).toEqual([
      [3, 120],
      [9, 360],
    ]);
  });
});
