import { and, asc, eq, sql } from 'drizzle-orm';
import { spokenText, type Cue } from '../../domain/captions/cues.ts';
import type { CaptionTrack } from '../../domain/captions/entities.ts';
import type { CaptionChange, CaptionTrackRepository, NewCaptionTrack, SaveOutcome } from '../../domain/captions/ports.ts';
import type { NewJob } from '../../domain/jobs/job.ts';
import { captionTracks } from './captions-schema.ts';
import type { Db } from './db.ts';
import { jobRowFrom, jobRows } from './job-rows.ts';

type Row = typeof captionTracks.$inferSelect;

function toTrack(row: Row): CaptionTrack {
  const { transcript: _transcript, cues, ...rest } = row;
  return { ...rest, cues: JSON.parse(cues) as Cue[] };
}

/** Caption tracks in D1 (migrations/0080). A write that starts a transcription writes its job in the same batch (decision 065). */
export class D1CaptionTrackRepository implements CaptionTrackRepository {
  constructor(private readonly db: Db) {}

  async listForStory(storyId: number): Promise<CaptionTrack[]> {
    const rows = await this.db
      .select()
      .from(captionTracks)
      .where(eq(captionTracks.storyId, storyId))
      .orderBy(asc(captionTracks.createdAt), asc(captionTracks.id));
    return rows.map(toTrack);
  }

  async find(storyId: number, trackId: string): Promise<CaptionTrack | null> {
    const [found] = await this.db
      .select()
      .from(captionTracks)
      .where(and(eq(captionTracks.id, trackId), eq(captionTracks.storyId, storyId)));
    return found ? toTrack(found) : null;
  }

  async findById(trackId: string): Promise<CaptionTrack | null> {
    const [found] = await this.db.select().from(captionTracks).where(eq(captionTracks.id, trackId));
    return found ? toTrack(found) : null;
  }

  private insert(track: NewCaptionTrack, now: string) {
    return this.db
      .insert(captionTracks)
      .values({
        id: track.id,
        storyId: track.storyId,
        videoUrl: track.videoUrl,
        lang: track.lang,
        label: track.label,
        source: track.source,
        state: track.state,
        cues: JSON.stringify(track.cues),
        transcript: spokenText(track.cues),
        streamId: track.streamId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  }

  async create(track: NewCaptionTrack, now: string, job?: NewJob): Promise<CaptionTrack> {
    const [rows] = await this.db.batch([this.insert(track, now), ...jobRows(this.db, job ? [job] : [], now)]);
    return toTrack(rows[0]!);
  }

  async save(trackId: string, version: number, change: CaptionChange, now: string, job?: NewJob): Promise<SaveOutcome> {
    const values: Partial<typeof captionTracks.$inferInsert> = {
      updatedAt: now,
      version: sql`${captionTracks.version} + 1` as unknown as number,
    };
    if (change.cues) {
      values.cues = JSON.stringify(change.cues);
      values.transcript = spokenText(change.cues);
    }
    for (const key of ['source', 'state', 'reviewed', 'lang', 'label', 'error'] as const) {
      if (change[key] !== undefined) (values as Record<string, unknown>)[key] = change[key];
    }
    const [updated] = await this.db.batch([
      this.db
        .update(captionTracks)
        .set(values)
        .where(and(eq(captionTracks.id, trackId), eq(captionTracks.version, version)))
        .returning(),
      // The job only when the change was made (a stale save starts nothing).
      ...(job ? [jobRowFrom(this.db, job, sql`${job.ref}`, now, sql`changes() = 1`)] : []),
    ]);
    if (updated[0]) return { saved: toTrack(updated[0]) };
    const current = await this.findById(trackId);
    return current ? { stale: current } : { gone: true };
  }

  async remove(storyId: number, trackId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(captionTracks)
      .where(and(eq(captionTracks.id, trackId), eq(captionTracks.storyId, storyId)))
      .returning({ id: captionTracks.id });
    return deleted.length > 0;
  }

  async replaceAutoTracks(storyId: number, track: NewCaptionTrack | null, now: string, job?: NewJob): Promise<CaptionTrack | null> {
    const remove = this.db
      .delete(captionTracks)
      .where(and(eq(captionTracks.storyId, storyId), eq(captionTracks.source, 'auto'), sql`${captionTracks.streamId} IS NULL`));
    if (!track) {
      await remove;
      return null;
    }
    const [, inserted] = await this.db.batch([remove, this.insert(track, now), ...jobRows(this.db, job ? [job] : [], now)]);
    return toTrack(inserted[0]!);
  }
}
