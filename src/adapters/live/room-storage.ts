import { concatBytes, type BytePatchAt } from '../../media/bytes.ts';
import type { CuePoint } from '../../media/webm/webm-recording.ts';

/** Where one segment lies in the stream (and, after the end, in the recording, shifted by its header's growth). */
export interface SegmentRow {
  n: number;
  offset: number;
  length: number;
  key: boolean;
  time: number | null;
  duration: number | null;
}

/**
 * A live stream room's durable state, in its Durable Object's own SQLite: the room's settings and
 * progress (JSON), the recorded bytes waiting to become R2 parts (by part), the WebM cue points,
 * the byte patches the recording gets (MP4), and every segment cut (where it lies in the stream,
 * for the HLS playlist, the MP4 index and serving segments from the recording after the end).
 * Writes are synchronous; the runtime commits them together before any reply leaves the object,
 * so an "ack" the publisher sees always means "stored".
 */

/** SQLite rows are at most 2 MB; recorded bytes are stored in rows no bigger than this. */
const MAX_ROW_BYTES = 1024 * 1024;

export class RoomStorage {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS chunks (seq INTEGER PRIMARY KEY AUTOINCREMENT, part INTEGER NOT NULL, data BLOB NOT NULL)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS chunks_part ON chunks (part, seq)`);
    sql.exec(
      `CREATE TABLE IF NOT EXISTS cues (seq INTEGER PRIMARY KEY AUTOINCREMENT, time INTEGER NOT NULL, cluster_offset INTEGER NOT NULL)`,
    );
    sql.exec(`CREATE TABLE IF NOT EXISTS patches (offset INTEGER PRIMARY KEY, data BLOB NOT NULL)`);
    sql.exec(
      `CREATE TABLE IF NOT EXISTS segments (n INTEGER PRIMARY KEY, offset INTEGER NOT NULL, length INTEGER NOT NULL, key INTEGER NOT NULL, time REAL, duration REAL)`,
    );
  }

  read<T>(name: string): T | null {
    const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = ?`, name).toArray()[0];
    return row ? (JSON.parse(row.value) as T) : null;
  }

  write(name: string, value: unknown): void {
    this.sql.exec(
      `INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      name,
      JSON.stringify(value),
    );
  }

  appendBytes(part: number, bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length; at += MAX_ROW_BYTES) {
      const row = bytes.slice(at, at + MAX_ROW_BYTES);
      this.sql.exec(`INSERT INTO chunks (part, data) VALUES (?, ?)`, part, row.buffer);
    }
  }

  /** The stored bytes of one part, in order. */
  partBytes(part: number): Uint8Array {
    const rows = this.sql.exec<{ data: ArrayBuffer }>(`SELECT data FROM chunks WHERE part = ? ORDER BY seq`, part).toArray();
    return concatBytes(rows.map((row) => new Uint8Array(row.data)));
  }

  /** Parts that still have bytes waiting in storage. */
  storedParts(): number[] {
    return this.sql
      .exec<{ part: number }>(`SELECT DISTINCT part FROM chunks ORDER BY part`)
      .toArray()
      .map((row) => row.part);
  }

  deletePart(part: number): void {
    this.sql.exec(`DELETE FROM chunks WHERE part = ?`, part);
  }

  addCues(cues: readonly CuePoint[]): void {
    for (const cue of cues) this.sql.exec(`INSERT INTO cues (time, cluster_offset) VALUES (?, ?)`, cue.time, cue.clusterOffset);
  }

  cues(): CuePoint[] {
    return this.sql
      .exec<{ time: number; cluster_offset: number }>(`SELECT time, cluster_offset FROM cues ORDER BY seq`)
      .toArray()
      .map((row) => ({ time: row.time, clusterOffset: row.cluster_offset }));
  }

  addPatch(patch: BytePatchAt): void {
    this.sql.exec(`INSERT OR REPLACE INTO patches (offset, data) VALUES (?, ?)`, patch.offset, patch.bytes.slice().buffer);
  }

  /** The patches that touch stream bytes [start, end). */
  patchesIn(start: number, end: number): BytePatchAt[] {
    // A patch is a few bytes long: one starting up to 16 bytes before `start` may reach into it.
    return this.sql
      .exec<{ offset: number; data: ArrayBuffer }>(
        `SELECT offset, data FROM patches WHERE offset >= ? AND offset < ? ORDER BY offset`,
        start - 16,
        end,
      )
      .toArray()
      .map((row) => ({ offset: row.offset, bytes: new Uint8Array(row.data) }));
  }

  addSegment(row: SegmentRow): void {
    this.sql.exec(
      `INSERT OR REPLACE INTO segments (n, offset, length, key, time, duration) VALUES (?, ?, ?, ?, ?, ?)`,
      row.n,
      row.offset,
      row.length,
      row.key ? 1 : 0,
      row.time,
      row.duration,
    );
  }

  segment(n: number): SegmentRow | null {
    return this.segmentRows(`WHERE n = ?`, n)[0] ?? null;
  }

  /** Every segment cut, in order. */
  segmentsAll(): SegmentRow[] {
    return this.segmentRows('');
  }

  private segmentRows(where: string, ...bindings: number[]): SegmentRow[] {
    return this.sql
      .exec<{ n: number; offset: number; length: number; key: number; time: number | null; duration: number | null }>(
        `SELECT * FROM segments ${where} ORDER BY n`,
        ...bindings,
      )
      .toArray()
      .map((row) => ({ ...row, key: row.key === 1 }));
  }

  /** Once the recording is in R2, only the room's outcome and the segments' places in it need keeping. */
  dropRecordingData(): void {
    this.sql.exec(`DELETE FROM chunks`);
    this.sql.exec(`DELETE FROM cues`);
    this.sql.exec(`DELETE FROM patches`);
  }
}
