import { asc, eq, inArray } from 'drizzle-orm';
import { ConflictError, ValidationError } from '../../domain/errors.ts';
import type { Beat } from '../../domain/beats/entities.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { beats, userBeats } from './schema.ts';

/** Thrown when the slug is taken; beat-save.ts tries the next free one. */
export const beatSlugTaken = () => new ConflictError('beat_slug_taken', 'A beat with that address already exists');

const nameTaken = () =>
  new ConflictError('beat_name_taken', 'A beat with that name already exists', { name: 'A beat with that name already exists' });

export class D1BeatRepository implements BeatRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<Beat[]> {
    return this.db.select().from(beats).orderBy(asc(beats.name));
  }

  async findById(id: number): Promise<Beat | null> {
    return (await this.db.select().from(beats).where(eq(beats.id, id)).get()) ?? null;
  }

  async findBySlug(slug: string): Promise<Beat | null> {
    return (await this.db.select().from(beats).where(eq(beats.slug, slug)).get()) ?? null;
  }

  async create(beat: { name: string; slug: string; description: string | null }, now: string): Promise<Beat> {
    try {
      return await this.db
        .insert(beats)
        .values({ ...beat, createdAt: now })
        .returning()
        .get();
    } catch (error) {
      throw uniqueConflict(error);
    }
  }

  async update(id: number, patch: { name?: string; slug?: string; description?: string | null }): Promise<Beat | null> {
    if (patch.name === undefined && patch.description === undefined && patch.slug === undefined) return this.findById(id);
    try {
      const row = await this.db.update(beats).set(patch).where(eq(beats.id, id)).returning().get();
      return row ?? null;
    } catch (error) {
      throw uniqueConflict(error);
    }
  }

  listAssigned(userId: number): Promise<Beat[]> {
    return this.db
      .select({ id: beats.id, name: beats.name, slug: beats.slug, description: beats.description, createdAt: beats.createdAt })
      .from(userBeats)
      .innerJoin(beats, eq(beats.id, userBeats.beatId))
      .where(eq(userBeats.userId, userId))
      .orderBy(asc(beats.name));
  }

  async assign(userId: number, beatIds: number[], now: string): Promise<Beat[]> {
    const unique = [...new Set(beatIds)];
    if (unique.length > 0) {
      const found = await this.db.select({ id: beats.id }).from(beats).where(inArray(beats.id, unique));
      if (found.length !== unique.length) throw new ValidationError({ beatIds: 'Choose beats from the list' });
    }
    const remove = this.db.delete(userBeats).where(eq(userBeats.userId, userId));
    if (unique.length === 0) await remove.run();
    else {
      await this.db.batch([remove, this.db.insert(userBeats).values(unique.map((beatId) => ({ userId, beatId, assignedAt: now })))]);
    }
    return this.listAssigned(userId);
  }
}

function uniqueConflict(error: unknown): unknown {
  if (isUniqueViolation(error, 'beats.name')) return nameTaken();
  if (isUniqueViolation(error, 'beats.slug')) return beatSlugTaken();
  return error;
}
