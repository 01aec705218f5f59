import { z } from 'zod';
import { messages } from './messages.ts';

/** Fields every feature's input schemas are built of (each feature's schemas.ts: shared by the API and the forms). */

/** Blank means none: '' and null both become null; anything else is trimmed. */
export const blankToNull = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

/** Text that must not be blank (trimmed), at most `max.length` characters when given. */
export const requiredText = (message: string, max?: { length: number; message: string }) => {
  const base = z.string({ error: message }).trim().min(1, { error: message });
  return max ? base.max(max.length, { error: max.message }) : base;
};

/** A database id as text: plain decimal digits, no leading zero, at most 16 digits. */
export const ID_PATTERN = /^[1-9][0-9]{0,15}$/;
/** A count or position as text (0 allowed): a feed cursor, a segment number. */
export const COUNT_PATTERN = /^(0|[1-9][0-9]{0,15})$/;

/** A database id in a path or query: plain decimal digits only, so "1e3", "0x10" or " 7" never alias another id. */
export const positiveIntParam = z
  .string({ error: messages.idInvalid })
  .regex(ID_PATTERN, { error: messages.idInvalid })
  .transform(Number)
  .pipe(z.number().int({ error: messages.idInvalid }).positive({ error: messages.idInvalid }));

export const idParamSchema = z.object({ id: positiveIntParam });
