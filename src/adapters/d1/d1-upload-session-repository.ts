import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UploadSession, UploadSessionPart, UploadSessionStatus } from '../../domain/media/entities.ts';
import type { UploadSessionRepository } from '../../domain/media/ports.ts';
import type { Db } from './db.ts';
import { uploadParts, uploadSessions } from './schema.ts';

export class D1UploadSessionRepository implements UploadSessionRepository {
  constructor(private readonly db: Db) {}

  create(
    session: Omit<UploadSession, 'status' | 'objectKey' | 'r2UploadId' | 'contentType' | 'storyId' | 'updatedAt'>,
  ): Promise<UploadSession> {
    return this.db
      .insert(uploadSessions)
      .values({ ...session, status: 'open', updatedAt: session.createdAt })
      .returning()
      .get();
  }

  async findById(id: string): Promise<UploadSession | null> {
    return (await this.db.select().from(uploadSessions).where(eq(uploadSessions.id, id)).get()) ?? null;
  }

  async attachStorage(
    id: string,
    storage: { objectKey: string; r2UploadId: string; contentType: string },
    now: string,
  ): Promise<UploadSession> {
    await this.db
      .update(uploadSessions)
      .set({ ...storage, updatedAt: now })
      .where(and(eq(uploadSessions.id, id), isNull(uploadSessions.r2UploadId), eq(uploadSessions.status, 'open')))
      .run();
    const session = await this.findById(id);
    if (!session) throw new Error(`upload session ${id} vanished`);
    return session;
  }

  async recordPart(id: string, part: UploadSessionPart, now: string): Promise<void> {
    await this.db.batch([
      this.db
        .insert(uploadParts)
        .values({ uploadId: id, ...part, uploadedAt: now })
        .onConflictDoUpdate({
          target: [uploadParts.uploadId, uploadParts.partNumber],
          set: { size: part.size, etag: part.etag, uploadedAt: now },
        }),
      this.db.update(uploadSessions).set({ updatedAt: now }).where(eq(uploadSessions.id, id)),
    ]);
  }

  parts(id: string): Promise<UploadSessionPart[]> {
    return this.db
      .select({ partNumber: uploadParts.partNumber, size: uploadParts.size, etag: uploadParts.etag })
      .from(uploadParts)
      .where(eq(uploadParts.uploadId, id))
      .orderBy(asc(uploadParts.partNumber));
  }

  async close(id: string, status: Exclude<UploadSessionStatus, 'open'>, storyId: number | null, now: string): Promise<boolean> {
    const row = await this.db
      .update(uploadSessions)
      .set({ status, storyId, updatedAt: now })
      .where(and(eq(uploadSessions.id, id), eq(uploadSessions.status, 'open')))
      .returning({ id: uploadSessions.id })
      .get();
    return row !== undefined;
  }
}
