import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Helpers for scripts that drive the site on this machine: the local D1 (shared with `npm start`
 * and `vite dev` through .wrangler/state), a throwaway signed-in reporter, and the memory of the
 * workerd processes behind a server.
 */

export const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' };

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { env: quietEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

export function applyLocalMigrations(): void {
  run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local']);
}

export function executeLocalSql(sql: string): void {
  run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--command', sql]);
}

/**
 * A reporter with a session token, written straight into the local D1. Its password hash is not
 * a valid one, so the account cannot sign in: it exists only for the token.
 */
export function createLocalReporter(label: string): { username: string; token: string; remove: () => void } {
  const username = `${label}-${randomBytes(4).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  executeLocalSql(
    `INSERT INTO users (username, email, password_hash, role, created_at) VALUES ('${username}', '${username}@newsroom.local', 'disabled$0$$', 'reporter', '${now}');` +
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) SELECT '${tokenHash}', id, '${now}', '${expires}' FROM users WHERE username = '${username}';`,
  );
  return {
    username,
    token,
    remove: () => executeLocalSql(`UPDATE sessions SET revoked_at = '${new Date().toISOString()}' WHERE token_hash = '${tokenHash}'; UPDATE users SET is_active = 0 WHERE username = '${username}';`),
  };
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every process under `rootPid` whose command name is `name` (workerd runs the worker). */
export function descendantsNamed(rootPid: number, name: string): number[] {
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of childrenOf(pid)) {
      try {
        if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() === name) found.push(child);
      } catch {
        continue;
      }
      walk(child);
    }
  };
  walk(rootPid);
  return found;
}

/** Resident memory of a process in bytes (VmRSS), or 0 when it is gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
