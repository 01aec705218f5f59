import type { Beat } from './entities.ts';

/** Where beats and their reporters' assignments are kept. */

export interface BeatRepository {
  list(): Promise<Beat[]>;
  findById(id: number): Promise<Beat | null>;
  findBySlug(slug: string): Promise<Beat | null>;
  /** Throws ConflictError when the name is taken, or `beat_slug_taken` when the slug is. */
  create(beat: { name: string; slug: string; description: string | null }, now: string): Promise<Beat>;
  update(id: number, patch: { name?: string; slug?: string; description?: string | null }): Promise<Beat | null>;
  /** The beats a user is assigned to (user_beats), by name. */
  listAssigned(userId: number): Promise<Beat[]>;
  /** Replaces a user's assignments in one atomic step; unknown beat ids are a ValidationError. */
  assign(userId: number, beatIds: number[], now: string): Promise<Beat[]>;
}
