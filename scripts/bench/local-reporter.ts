import { createHash, randomBytes } from 'node:crypto';
import { executeLocalSql } from '../lib/local-platform.ts';

/**
 * A throwaway reporter with a session token, written straight into the local D1 of `stateDir`
 * (the one the benchmark then serves). Its password hash is not a valid one, so the account cannot
 * sign in: it exists only for the token. remove() revokes the session and deactivates the account.
 */
export async function createLocalReporter(
  label: string,
  stateDir: string,
): Promise<{ username: string; token: string; remove: () => Promise<void> }> {
  const username = `${label}-${randomBytes(4).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  await executeLocalSql(
    `INSERT INTO users (username, email, password_hash, role, created_at) VALUES ('${username}', '${username}@newsroom.local', 'disabled$0$$', 'reporter', '${now}');` +
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) SELECT '${tokenHash}', id, '${now}', '${expires}' FROM users WHERE username = '${username}';`,
    stateDir,
  );
  return {
    username,
    token,
    remove: () =>
      executeLocalSql(
        `UPDATE sessions SET revoked_at = '${new Date().toISOString()}' WHERE token_hash = '${tokenHash}'; UPDATE users SET is_active = 0 WHERE username = '${username}';`,
        stateDir,
      ),
  };
}
