import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { CaptionSource, CaptionState } from '../../domain/captions/entities.ts';

/** Caption tracks (migrations/0080, the source of truth). */
export const captionTracks = sqliteTable('caption_tracks', {
  id: text('id').primaryKey(),
  storyId: integer('story_id').notNull(),
  videoUrl: text('video_url').notNull(),
  lang: text('lang').notNull(),
  label: text('label').notNull(),
  source: text('source').$type<CaptionSource>().notNull(),
  state: text('state').$type<CaptionState>().notNull(),
  reviewed: integer('reviewed', { mode: 'boolean' }).notNull().default(false),
  version: integer('version').notNull().default(1),
  cues: text('cues').notNull().default('[]'),
  transcript: text('transcript').notNull().default(''),
  error: text('error'),
  streamId: integer('stream_id'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});
