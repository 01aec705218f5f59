import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project.ts';

export const devVarsPath = join(projectRoot, '.dev.vars');

/** The local secrets `.dev.vars` must hold, each made once and never replaced: data depends on them. */
const SECRETS = [
  {
    name: 'PASSWORD_PEPPER',
    note: 'Keys every local password hash. Production: wrangler secret put PASSWORD_PEPPER',
    // 32 random bytes, base64url.
    make: () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
  },
  {
    name: 'TWO_FACTOR_KEY',
    note: 'AES-GCM key of the stored TOTP secrets. Production: wrangler secret put TWO_FACTOR_KEY',
    // 32 random bytes, base64 (openssl rand -base64 32 makes the same).
    make: () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
  },
] as const;

/**
 * Makes sure `.dev.vars` holds every local secret (PASSWORD_PEPPER, TWO_FACTOR_KEY), adding the
 * missing ones. An existing one is never replaced: password hashes and sealed TOTP secrets depend
 * on them. Returns the names it added.
 */
export function ensureDevVars(path: string = devVarsPath): string[] {
  let current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const added: string[] = [];
  for (const secret of SECRETS) {
    if (new RegExp(`^\\s*${secret.name}\\s*=\\s*\\S`, 'm').test(current)) continue;
    const header = current === '' ? '# Local secrets for workerd (never committed).\n' : current.endsWith('\n') ? '' : '\n';
    current = `${current}${header}# ${secret.note}\n${secret.name}="${secret.make()}"\n`;
    added.push(secret.name);
  }
  if (added.length > 0) writeFileSync(path, current, { mode: 0o600 });
  return added;
}
