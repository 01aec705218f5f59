import { z } from 'zod';
import { blankToNull, requiredText } from '../schema-fields.ts';
import { messages } from '../messages.ts';

/** Beat inputs, shared by the API and the admin's forms. */

export const createBeatSchema = z.object({
  name: requiredText(messages.beatNameRequired, { length: 100, message: messages.beatNameTooLong }),
  description: blankToNull,
});

export type CreateBeatInput = z.infer<typeof createBeatSchema>;

export const updateBeatSchema = z.object({
  name: requiredText(messages.beatNameRequired, { length: 100, message: messages.beatNameTooLong }).optional(),
  // Absent leaves the description as it is; blank or null clears it.
  description: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim())),
});

export type UpdateBeatInput = z.infer<typeof updateBeatSchema>;

export const assignBeatsSchema = z.object({
  beatIds: z.array(z.number().int().positive(), { error: 'Choose beats from the list' }).max(50),
});
