import { z } from 'zod';
import { MAX_CUE_TEXT, MAX_CUE_TIME, MAX_CUES } from './cues.ts';

/** BCP 47 as browsers take it in <track srclang>: a primary language and subtags (en, en-GB, pt-BR, zh-Hant). */
export const langSchema = z
  .string()
  .trim()
  .max(35)
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/, 'Use a BCP 47 language tag such as en or pt-BR');

export const labelSchema = z.string().trim().min(1, 'Give the track a label').max(80, 'At most 80 characters');

export const cueSchema = z.object({
  start: z.number().min(0, 'A cue starts at 0 or later').max(MAX_CUE_TIME),
  end: z.number().min(0).max(MAX_CUE_TIME, 'A cue ends within 24 hours'),
  text: z.string().trim().min(1, 'A cue needs text').max(MAX_CUE_TEXT, `At most ${MAX_CUE_TEXT} characters a cue`),
});

/** PUT /api/stories/{id}/captions/{trackId}. */
export const captionEditSchema = z.strictObject({
  cues: z.array(cueSchema).min(1, 'A track needs at least one cue').max(MAX_CUES, `At most ${MAX_CUES} cues`),
  version: z.number().int().min(1),
  reviewed: z.boolean().optional(),
  label: labelSchema.optional(),
});
export type CaptionEdit = z.infer<typeof captionEditSchema>;

/** POST /api/stories/{id}/captions/generate. */
export const generateCaptionsSchema = z.strictObject({ lang: langSchema.optional() });

/** The text fields of POST /api/stories/{id}/captions (the file itself is read apart). */
export const captionUploadFieldsSchema = z.object({ lang: langSchema, label: labelSchema.optional() });

/** A track id in a path: a UUID. */
export const trackIdSchema = z.string().uuid();
