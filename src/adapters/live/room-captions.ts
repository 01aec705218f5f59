import { cleanCueText, cueProblem, inCueOrder, toMillis, type Cue } from '../../domain/captions/cues.ts';
import type { Transcriber } from '../../domain/captions/ports.ts';
import { liveAudio, type LiveAudio, type LiveAudioFrame } from '../../media/audio/live-audio.ts';
import { LiveWindows, type AudioWindow } from '../../media/audio/live-windows.ts';

/**
 * A live stream's captions while it is on air (decision 128), in its room: the audio is copied out
 * of each segment as it is cut (src/media/audio/live-audio.ts, nothing decoded), gathered into
 * windows of 3 to 5 s cut in pauses (live-windows.ts), and each window is sent to the transcriber,
 * one at a time in order, retried with backoff (429, 5xx, a timeout) and given up after
 * MAX_ATTEMPTS. Windows waiting and the cues heard are kept in the room's SQLite, so a window
 * survives the object's restart; the frames of the window being gathered do not (a restart loses up
 * to one window of audio, and hearing starts again at the next keyframe segment).
 *
 * `heardThrough` is the media time up to which every window has been transcribed: the subtitles
 * playlist lists a segment once its captions are final (room-subtitles.ts).
 */

export interface CaptionMeta {
  heardThrough: number | null;
  /** The language the transcriber said it heard first (BCP 47 / ISO 639-1). */
  language: string | null;
  /** Windows given up on, or skipped as too far behind the edge (their cues are missing): the recording is then transcribed whole. */
  dropped: number;
  lastError: string | null;
  /** The stream ended and its last windows were heard (or the wait for them ran out). */
  finished?: boolean;
}

export interface LiveCaptionsOutcome {
  cues: Cue[];
  language: string | null;
  /** Every window was heard: the cues are the whole recording's track. */
  complete: boolean;
}

/** Where the room keeps its meta (RoomStorage's `meta` table). */
export interface MetaStore {
  read<T>(name: string): T | null;
  write(name: string, value: unknown): void;
}

export const MAX_ATTEMPTS = 6;
/**
 * A window that ends further than this behind the newest audio is skipped: live captions follow the
 * edge, and a backlog (a transcriber slower than speech, a publisher resending a long stretch at once)
 * is left to the recording's whole transcription.
 */
export const STALE_SECONDS = 30;
const LONGEST_BACKOFF_SECONDS = 30;

type WindowRow = {
  seq: number;
  start: number;
  end: number;
  content_type: string;
  filename: string;
  bytes: ArrayBuffer;
  attempts: number;
  not_before: number;
};

export class RoomCaptions {
  private audio: LiveAudio | null = null;
  private windows = new LiveWindows<LiveAudioFrame>();
  private pumping: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private meta: CaptionMeta;
  /** The newest audio heard (media seconds), in memory: after a restart nothing is stale until audio comes. */
  private edge: number | null = null;

  constructor(
    private readonly sql: SqlStorage,
    private readonly store: MetaStore,
    private readonly transcriber: Transcriber | null,
  ) {
    sql.exec(
      `CREATE TABLE IF NOT EXISTS caption_windows (seq INTEGER PRIMARY KEY AUTOINCREMENT, start REAL NOT NULL, "end" REAL NOT NULL, content_type TEXT NOT NULL, filename TEXT NOT NULL, bytes BLOB NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, not_before INTEGER NOT NULL DEFAULT 0)`,
    );
    sql.exec(
      `CREATE TABLE IF NOT EXISTS caption_cues (seq INTEGER PRIMARY KEY AUTOINCREMENT, start REAL NOT NULL, "end" REAL NOT NULL, text TEXT NOT NULL)`,
    );
    sql.exec(`CREATE INDEX IF NOT EXISTS caption_cues_end ON caption_cues ("end")`);
    this.meta = { heardThrough: null, language: null, dropped: 0, lastError: null, ...store.read<CaptionMeta>('captions') };
  }

  /** Whether the stream is being captioned (a transcriber is configured). */
  get on(): boolean {
    return this.transcriber !== null;
  }

  get language(): string | null {
    return this.meta.language;
  }

  get finished(): boolean {
    return this.meta.finished === true;
  }

  get heardThrough(): number | null {
    return this.meta.heardThrough;
  }

  /**
   * A segment was cut: its bytes (null when lost) are heard. Hearing starts at the stream's first
   * segment, or after a restart or a loss at the next keyframe segment (a Cluster or a fragment that
   * a reader can start at). `init` is the stream's initialisation segment. Never throws: a segment
   * the reader cannot follow stops hearing until the next keyframe segment.
   */
  segment(kind: 'webm' | 'mp4', init: Uint8Array, bytes: Uint8Array | null, startsAt: { first: boolean; key: boolean }): void {
    if (!this.transcriber) return;
    if (!bytes) {
      this.audio = null;
      return;
    }
    try {
      if (!this.audio && (startsAt.first || startsAt.key)) {
        this.audio = liveAudio(kind, init);
        this.windows = new LiveWindows();
      }
      if (!this.audio) return;
      const frames = this.audio.push(bytes);
      if (frames.length > 0) this.edge = Math.max(this.edge ?? 0, frames.at(-1)!.time);
      for (const window of this.windows.add(frames)) this.keep(window);
    } catch (error) {
      console.error('reading a live segment’s audio failed; captions resume at the next keyframe', error);
      this.audio = null;
    }
    this.kick();
  }

  /** The cues that overlap [from, to) seconds of the stream, in order. */
  cuesBetween(from: number, to: number): Cue[] {
    return this.sql
      .exec<{ start: number; end: number; text: string }>(
        `SELECT start, "end", text FROM caption_cues WHERE "end" > ? AND start < ? ORDER BY start, "end"`,
        from,
        to,
      )
      .toArray();
  }

  /** Every cue so far, in order. */
  allCues(): Cue[] {
    return this.cuesBetween(-1, Number.MAX_SAFE_INTEGER);
  }

  /**
   * The stream ended: the window being gathered is sent too, and the windows waiting are
   * transcribed (with their backoff) until `deadlineMs`. Answers the whole track as heard.
   */
  async finish(deadlineMs: number): Promise<LiveCaptionsOutcome> {
    if (this.transcriber && !this.meta.finished) {
      const last = this.audio ? this.windows.flush() : null;
      if (last) this.keep(last);
      this.audio = null;
      while (this.waiting() > 0 && Date.now() < deadlineMs) {
        this.kick();
        const pause = new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, deadlineMs - Date.now()))));
        await Promise.race([this.pumping ?? pause, pause]);
      }
    }
    if (this.timer) clearTimeout(this.timer);
    const complete = this.transcriber !== null && this.waiting() === 0 && this.meta.dropped === 0;
    // Nothing more is heard: a window still being transcribed is let go (the recording is then transcribed whole).
    this.meta.finished = true;
    this.store.write('captions', this.meta);
    return { cues: inCueOrder(this.allCues()), language: this.meta.language, complete };
  }

  private waiting(): number {
    return this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM caption_windows`).one().n;
  }

  private keep(window: AudioWindow<LiveAudioFrame>): void {
    const frames = window.frames;
    if (frames.length === 0) return;
    const file = this.audio!.file(frames);
    const step = frames.length > 1 ? (frames.at(-1)!.time - window.start) / (frames.length - 1) : 0.02;
    this.sql.exec(
      `INSERT INTO caption_windows (start, "end", content_type, filename, bytes) VALUES (?, ?, ?, ?, ?)`,
      window.start,
      frames.at(-1)!.time + step,
      file.contentType,
      `live-${Math.round(window.start * 1000)}.${file.extension}`,
      file.bytes.slice().buffer,
    );
  }

  /** Starts transcribing the waiting windows unless it is under way. */
  kick(): void {
    if (this.pumping || !this.transcriber || this.meta.finished) return;
    this.pumping = this.pump()
      .catch((error: unknown) => console.error('live captions failed', error))
      .finally(() => {
        this.pumping = null;
      });
  }

  private async pump(): Promise<void> {
    const transcriber = this.transcriber!;
    for (;;) {
      const row = this.sql.exec<WindowRow>(`SELECT * FROM caption_windows ORDER BY seq LIMIT 1`).toArray()[0];
      if (!row) return;
      if (this.edge !== null && this.edge - row.end > STALE_SECONDS) {
        this.meta.dropped += 1;
        this.heard(row);
        continue;
      }
      const wait = row.not_before - Date.now();
      if (wait > 0) {
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => this.kick(), wait);
        return;
      }
      const outcome = await transcriber.transcribe(
        {
          index: row.seq,
          bytes: new Uint8Array(row.bytes),
          contentType: row.content_type,
          filename: row.filename,
          start: row.start,
          duration: row.end - row.start,
        },
        { language: this.meta.language },
      );
      if (this.meta.finished) return;
      if (outcome.ok) {
        this.meta.language ??= outcome.transcription.language;
        for (const cue of windowCues(outcome.transcription.segments, row.start, row.end))
          this.sql.exec(`INSERT INTO caption_cues (start, "end", text) VALUES (?, ?, ?)`, cue.start, cue.end, cue.text);
        this.heard(row);
        continue;
      }
      const attempts = row.attempts + 1;
      this.meta.lastError = outcome.error;
      if (!outcome.retry || attempts >= MAX_ATTEMPTS) {
        console.error(`live captions: a window from ${row.start.toFixed(1)} s was given up: ${outcome.error}`);
        this.meta.dropped += 1;
        this.heard(row);
        continue;
      }
      const backoff = outcome.retryAfterSeconds ?? Math.min(LONGEST_BACKOFF_SECONDS, 2 ** (attempts - 1));
      this.sql.exec(
        `UPDATE caption_windows SET attempts = ?, not_before = ? WHERE seq = ?`,
        attempts,
        Date.now() + backoff * 1000,
        row.seq,
      );
      this.store.write('captions', this.meta);
    }
  }

  /** A window is done with (heard, or given up): captions are final up to its end. */
  private heard(row: WindowRow): void {
    this.sql.exec(`DELETE FROM caption_windows WHERE seq = ?`, row.seq);
    this.meta.heardThrough = Math.max(this.meta.heardThrough ?? 0, row.end);
    this.store.write('captions', this.meta);
  }
}

/** A window's cues on the stream's timeline: shifted by its start, kept inside it, text cleaned, bad ones left out. */
export function windowCues(segments: readonly Cue[], start: number, end: number): Cue[] {
  const cues: Cue[] = [];
  for (const segment of segments) {
    const cue = {
      start: toMillis(start + Math.max(0, segment.start)),
      end: toMillis(Math.min(end, start + segment.end)),
      text: cleanCueText(segment.text),
    };
    if (cueProblem(cue) === null) cues.push(cue);
  }
  return cues;
}
