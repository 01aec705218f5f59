/**
 * `npm run admin -- --email E [--password P] [--username U] [--remote]`: creates an admin, or
 * makes the account with that email an active admin with the new password (its sessions end).
 * Local: through the same repositories as the worker, on the local D1. --remote: the same row,
 * hashed with the production pepper from env PASSWORD_PEPPER, sent with `wrangler d1 execute --remote`.
 */
import { parseArgs } from 'node:util';
import { buildPasswordHasher } from '../src/adapters/compose.ts';
import {
  AdminInputError,
  adminRow,
  adminUpsertStatements,
  resolveAdminCredentials,
  upsertAdmin,
  type AdminCredentials,
} from './lib/admin-account.ts';
import { ensureDevVars } from './lib/dev-vars.ts';
import { applyLocalMigrations, withLocalDeps } from './lib/local-platform.ts';
import { runWrangler } from './lib/run.ts';

const USAGE = 'Usage: npm run admin -- --email <email> [--password <password>] [--username <username>] [--remote]';

function credentialsFromArgs(): { credentials: AdminCredentials; remote: boolean } {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      remote: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.email) throw new Error(`--email is required.\n${USAGE}`);
  try {
    return { credentials: resolveAdminCredentials(values), remote: values.remote };
  } catch (error) {
    if (!(error instanceof AdminInputError)) throw error;
    throw new Error(
      Object.entries(error.fields)
        .map(([field, message]) => `--${field}: ${message}`)
        .join('\n'),
      { cause: error },
    );
  }
}

async function local(credentials: AdminCredentials): Promise<string> {
  ensureDevVars();
  await applyLocalMigrations();
  const { user, created } = await withLocalDeps((deps) => upsertAdmin(deps, credentials));
  return created
    ? `Admin created: ${user.username} <${user.email}>`
    : `Admin reset: ${user.username} <${user.email}> is an active admin with the new password; its sessions were ended.`;
}

async function remote(credentials: AdminCredentials): Promise<string> {
  const pepper = process.env.PASSWORD_PEPPER;
  if (!pepper || pepper.length < 16) {
    throw new Error(
      '--remote needs the production pepper in env PASSWORD_PEPPER (the value given to `wrangler secret put PASSWORD_PEPPER`).',
    );
  }
  const row = await adminRow(credentials, buildPasswordHasher(pepper));
  await runWrangler(['d1', 'execute', 'DB', '--remote', '--command', adminUpsertStatements(row).join(' ')], { echo: true });
  return `Admin ${credentials.username} <${credentials.email}> written to the remote database.`;
}

try {
  const { credentials, remote: toRemote } = credentialsFromArgs();
  console.log(toRemote ? await remote(credentials) : await local(credentials));
  if (credentials.passwordGenerated) console.log(`  password  ${credentials.password}  (generated; shown only once)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
