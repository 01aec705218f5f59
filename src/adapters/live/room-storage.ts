import { concatBytes } from '../../media/ebml.ts';
import type { CuePoint } from '../../media/webm-recording.ts';

/**
 * A live stream room's durable state, in its Durable Object's own SQLite: the room's settings and
 * progress (JSON), the recorded bytes waiting to become R2 parts (by part), and the cue points.
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
    sql.exec(`CREATE TABLE IF NOT EXISTS cues (seq INTEGER PRIMARY KEY AUTOINCREMENT, time INTEGER NOT NULL, cluster_offset INTEGER NOT NULL)`);
  }

  read<T>(name: string): T | null {
    const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = ?`, name).toArray()[0];
    return row ? (JSON.parse(row.value) as T) : null;
  }

  write(name: string, value: unknown): void {
    this.sql.exec(`INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`, name, JSON.stringify(value));
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
    return this.sql.exec<{ part: number }>(`SELECT DISTINCT part FROM chunks ORDER BY part`).toArray().map((row) => row.part);
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

  /** Once the recording is in R2, only the room's outcome needs keeping. */
  dropRecordingData(): void {
    this.sql.exec(`DELETE FROM chunks`);
    this.sql.exec(`DELETE FROM cues`);
  }
}
