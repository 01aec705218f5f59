/** `npm run db:migrate`: applies pending migrations to the local D1 (NEWSROOM_STATE_DIR, default .wrangler/state). */
import { applyLocalMigrations } from './lib/local-platform.ts';
import { stateDir } from './lib/local-state.ts';

try {
  await applyLocalMigrations(stateDir(), { echo: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
