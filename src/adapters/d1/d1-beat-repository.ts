import { asc, eq } from 'drizzle-orm';
import { ConflictError } from '../../domain/errors.ts';
import type { Beat } from '../../domain/entities.ts';
import type { BeatRepository } from '../../domain/ports.ts';
import { isUniqueViolation, type Db } from './db.ts';
import { beats, userBeats } from './schema.ts';

const nameTaken = () => new ConflictError('beat_name_taken', 'A beat with that name already exists', { name: 'A beat with that name already exists' });

export class D1BeatRepository implements BeatRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<Beat[]> {
    return this.db.select().from(beats).orderBy(asc(beats.name));
  }

  async findById(id: number): Promise<Beat | null> {
    return (await this.db.select().from(beats).where(eq(beats.id, id)).get()) ?? null;
  }

  async create(beat: { name: string; description: string | null }, now: string): Promise<Beat> {
    try {
      return await this.db.insert(beats).values({ ...beat, createdAt: now }).returning().get();
    } catch (error) {
      if (isUniqueViolation(error, 'beats.name')) throw nameTaken();
      throw error;
    }
  }

  async update(id: number, patch: { name?: string; description?: string | null }): Promise<Beat | null> {
    if (patch.name === undefined && patch.description === undefined) return this.findById(id);
    try {
      const row = await this.db.update(beats).set(patch).where(eq(beats.id, id)).returning().get();
      return row ?? null;
    } catch (error) {
      if (isUniqueViolation(error, 'beats.name')) throw nameTaken();
      throw error;
    }
  }

  async assign(beatId: number, userId: number, now: string): Promise<void> {
    await this.db.insert(userBeats).values({ beatId, userId, assignedAt: now }).onConflictDoNothing().run();
  }
}
