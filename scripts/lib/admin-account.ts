import type { AppDeps } from '../../src/adapters/app-deps.ts';
import type { User } from '../../src/domain/users/entities.ts';
import type { NewUser } from '../../src/domain/users/ports.ts';
import type { PasswordHasher } from '../../src/domain/security/ports.ts';
import { registerSchema } from '../../src/domain/users/schemas.ts';

/**
 * Creating or resetting an admin account, shared by the start-up (first admin) and
 * `npm run admin`. No Node APIs here: the same code runs in the workers test pool.
 */

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const DEFAULT_ADMIN_USERNAME = 'admin';

export interface AdminInput {
  email?: string;
  password?: string;
  username?: string;
  /** "Alex Chief": the first word is the first name, the rest the last name (stories are signed with both). */
  name?: string;
}

export interface AdminCredentials {
  email: string;
  username: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  /** True when nobody chose the password: it must be shown once, since it exists nowhere else. */
  passwordGenerated: boolean;
}

export class AdminInputError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(
      Object.entries(fields)
        .map(([field, message]) => `${field}: ${message}`)
        .join('\n'),
    );
  }
}

/** 144 random bits as 24 URL-safe characters. */
export function generatePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
}

/** A username from the email's local part, kept to the characters usernames allow. */
function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  return local.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 50) || DEFAULT_ADMIN_USERNAME;
}

/** "Alex Chief" as a first and a last name; one word is a first name only, nothing is neither. */
function splitName(name: string | undefined): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Fills in what was not given (the default email, a username from the email, a generated
 * password) and validates the result with the same rules as the API's register call.
 */
export function resolveAdminCredentials(input: AdminInput): AdminCredentials {
  const email = input.email?.trim() || DEFAULT_ADMIN_EMAIL;
  const passwordGenerated = !input.password;
  const candidate = {
    email,
    username: input.username?.trim() || (input.email?.trim() ? usernameFromEmail(email) : DEFAULT_ADMIN_USERNAME),
    password: input.password || generatePassword(),
    role: 'admin' as const,
    ...splitName(input.name),
  };
  const parsed = registerSchema.safeParse(candidate);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'input')] ??= issue.message;
    throw new AdminInputError(fields);
  }
  const { email: address, username, password, firstName, lastName } = parsed.data;
  return { email: address, username, password, firstName: firstName ?? null, lastName: lastName ?? null, passwordGenerated };
}

/** The users row for an admin with these credentials, its password hashed with the given hasher. */
export async function adminRow(credentials: AdminCredentials, hasher: PasswordHasher): Promise<NewUser> {
  return {
    username: credentials.username,
    email: credentials.email,
    passwordHash: await hasher.hash(credentials.password),
    role: 'admin',
    firstName: credentials.firstName,
    lastName: credentials.lastName,
  };
}

/** Creates the admin, or makes the account with that email an active admin with this password (its sessions end). */
export async function upsertAdmin(deps: AppDeps, credentials: AdminCredentials): Promise<{ user: User; created: boolean }> {
  return deps.users.upsertAdmin(await adminRow(credentials, deps.hasher), deps.clock.now());
}

export type FirstAdminOutcome = { kind: 'created'; user: User; credentials: AdminCredentials } | { kind: 'exists'; activeAdmins: number };

/** Creates the first admin when the newsroom has no active admin; otherwise leaves every account alone. */
export async function ensureFirstAdmin(deps: AppDeps, input: AdminInput): Promise<FirstAdminOutcome> {
  const activeAdmins = await deps.users.countActive('admin');
  if (activeAdmins > 0) return { kind: 'exists', activeAdmins };
  const credentials = resolveAdminCredentials(input);
  const { user } = await upsertAdmin(deps, credentials);
  return { kind: 'created', user, credentials };
}

/** SQL string literal: single quotes doubled, so no value can end the literal. */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('A value for SQL contains a NUL character');
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The statements `npm run admin -- --remote` sends with `wrangler d1 execute --remote`: the
 * same effect as D1UserRepository.upsertAdmin (create, or promote, reactivate and re-password
 * the account with that email and end its sessions), as plain SQL for a database this process
 * cannot reach through bindings.
 */
export function adminUpsertStatements(row: NewUser): string[] {
  const email = sqlLiteral(row.email);
  return [
    `DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email = ${email});`,
    `INSERT INTO users (username, email, password_hash, role, is_active) VALUES (${sqlLiteral(row.username)}, ${email}, ${sqlLiteral(row.passwordHash)}, 'admin', 1) ` +
      `ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, role = 'admin', is_active = 1;`,
  ];
}
