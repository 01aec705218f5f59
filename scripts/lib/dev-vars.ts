import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project.ts';

export const devVarsPath = join(projectRoot, '.dev.vars');
const PEPPER_LINE = /^\s*PASSWORD_PEPPER\s*=\s*\S/m;

/** 32 random bytes, base64url: the secret every local password hash is keyed with. */
function randomPepper(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/**
 * Makes sure `.dev.vars` holds a PASSWORD_PEPPER, creating it once. An existing pepper is never
 * replaced: every local password hash depends on it. Returns true when one was written.
 */
export function ensureDevVars(path: string = devVarsPath): boolean {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (PEPPER_LINE.test(current)) return false;
  const line = `# Local secrets for workerd (never committed). Production: wrangler secret put PASSWORD_PEPPER\nPASSWORD_PEPPER="${randomPepper()}"\n`;
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  writeFileSync(path, `${current}${separator}${line}`, { mode: 0o600 });
  return true;
}
