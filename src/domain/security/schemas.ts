import { z } from 'zod';
import { messages } from '../messages.ts';

/** Request bodies of sign-in security (docs/product/api-sign-in-security.md), shared by the API and the forms. */

const password = z
  .string({ error: messages.passwordTooShort })
  .min(6, { error: messages.passwordTooShort })
  .max(1024, { error: 'Password is too long' });

const code = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, { error: 'Enter the code' })
  .max(64, { error: 'That is not a code from your app or a recovery code' });

export const secondStepSchema = z.object({
  challenge: z
    .string({ error: 'The sign-in challenge is missing' })
    .regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'The sign-in challenge is missing' }),
  code,
});

export const totpConfirmSchema = z.object({ code });

export const passwordCheckSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(1024),
});

/**
 * Adding or removing a second factor (decision 050): the caller's password, unless a passkey sign-in
 * opened the session within the last five minutes; the body may then be empty.
 */
export const reauthenticationSchema = z.object({
  password: z.string({ error: 'Enter your password' }).max(1024, { error: 'Password is too long' }).optional(),
});

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, { error: 'Enter your current password' }).max(1024),
  newPassword: password,
});

export const passwordResetSchema = z.object({
  token: z.string({ error: 'The reset link is not valid' }).regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'The reset link is not valid' }),
  password,
});

export const resetLinkSchema = z.object({
  clearTwoFactor: z.boolean({ error: 'clearTwoFactor must be true or false' }).optional().default(false),
  /** Mail the link to the user as well as answering it to the admin. */
  mail: z.boolean({ error: 'mail must be true or false' }).optional().default(false),
});

/** "Forgot password?": the account's email or username, at most an email's length. */
export const resetRequestSchema = z.object({
  emailOrUsername: z
    .string({ error: messages.emailOrUsernameRequired })
    .trim()
    .min(1, { error: messages.emailOrUsernameRequired })
    .max(254, { error: 'An email address or username is at most 254 characters' }),
});

export const PASSKEY_NAME_MAX = 100;

const passkeyName = z
  .string({ error: 'Name the passkey' })
  .trim()
  .min(1, { error: 'Name the passkey' })
  .max(PASSKEY_NAME_MAX, { error: `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters` });

/** What a browser's navigator.credentials answer looks like as JSON; @simplewebauthn/server checks the rest. */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(16_384) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
});

export const passkeyRegisterSchema = z.object({
  response: credentialJson.extend({
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(16_384), attestationObject: z.string().min(1).max(65_536) }),
  }),
  name: passkeyName.optional().default('Passkey'),
});

export const passkeySignInSchema = z.object({
  response: credentialJson.extend({
    response: z.looseObject({
      clientDataJSON: z.string().min(1).max(16_384),
      authenticatorData: z.string().min(1).max(16_384),
      signature: z.string().min(1).max(4096),
      userHandle: z.string().max(1024).optional(),
    }),
  }),
});

export const passkeyRenameSchema = z.object({ name: passkeyName });

/** The longest email address SMTP carries (RFC 5321's path, less its brackets); a username is far shorter. */
export const SIGN_IN_NAME_MAX = 254;

export const loginSchema = z.object({
  emailOrUsername: z
    .string({ error: messages.emailOrUsernameRequired })
    .trim()
    .min(1, { error: messages.emailOrUsernameRequired })
    .max(SIGN_IN_NAME_MAX, { error: messages.emailOrUsernameTooLong }),
  password: z.string({ error: messages.passwordTooShort }).min(6, { error: messages.passwordTooShort }),
  remember: z.boolean().optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
