import type { KeyEventSource, KeyEvents } from '../../domain/federation/ports.ts';

/** A live blog's update as federation reads it: deleted ones too, since their Notes are taken back. */
export class D1KeyEvents implements KeyEvents {
  constructor(private readonly d1: D1Database) {}

  async find(updateId: number): Promise<KeyEventSource | null> {
    const row = await this.d1
      .prepare('SELECT id, story_id, body, key_event, deleted_at, created_at FROM live_blog_updates WHERE id = ?1')
      .bind(updateId)
      .first<{ id: number; story_id: number; body: string; key_event: number; deleted_at: string | null; created_at: string }>();
    if (!row) return null;
    return {
      id: row.id,
      storyId: row.story_id,
      body: row.body,
      keyEvent: row.key_event === 1,
      deleted: row.deleted_at !== null,
      createdAt: row.created_at,
    };
  }
}
