import { z } from 'zod';
import { messages } from '../messages.ts';
import { requiredText } from '../schema-fields.ts';
import { ROLES } from '../roles.ts';
import { xHandleSchema } from '../site/social.ts';

/** Account and profile inputs, shared by the API and the admin's forms. */

/** An author page's bio, in characters. */
export const BIO_MAX_LENGTH = 500;

const optionalName = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || value.length <= 50, { error: messages.nameTooLong });

const USERNAME_MAX = 50;
const USERNAME_CHARACTERS = /^[A-Za-z0-9_.-]+$/;

/** Whether text can be someone's username (an author page's address, before any lookup). */
export function isUsername(text: string): boolean {
  return text.length <= USERNAME_MAX && USERNAME_CHARACTERS.test(text);
}

export const registerSchema = z.object({
  username: requiredText(messages.usernameRequired, { length: USERNAME_MAX, message: messages.usernameTooLong }).regex(
    USERNAME_CHARACTERS,
    {
      error: messages.usernameCharacters,
    },
  ),
  email: requiredText(messages.emailRequired, { length: 100, message: messages.emailTooLong }).pipe(
    z.email({ error: messages.emailInvalid }),
  ),
  password: z.string({ error: messages.passwordTooShort }).min(6, { error: messages.passwordTooShort }),
  role: z.enum(ROLES, { error: messages.roleInvalid }).default('reporter'),
  firstName: optionalName,
  lastName: optionalName,
});

export type RegisterInput = z.infer<typeof registerSchema>;

/** A text field of an edit: absent leaves it as it is; null or blank clears it; else trimmed, at most `max` characters. */
const editedText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) =>
      value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim().replace(/\r\n?/g, '\n'),
    )
    .refine((value) => value == null || value.length <= max, { error: message });

/** PUT /api/users/{id}: the user itself or an admin; the bio is plain text, shown as text. */
export const updateProfileSchema = z.object({
  firstName: editedText(50, messages.nameTooLong),
  lastName: editedText(50, messages.nameTooLong),
  bio: editedText(BIO_MAX_LENGTH, messages.bioTooLong),
  // Absent leaves it as it is; blank or null clears it.
  xHandle: xHandleSchema.optional(),
});

export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
