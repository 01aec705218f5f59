import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectRoot, quietEnv, wranglerConfigPath } from './project.ts';

/** The wrangler CLI's path, also for serve-build.ts, which keeps a wrangler dev of its own running. */
export const wranglerBin = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js');

export interface RunOptions {
  /** Pass the command's output through to this process instead of capturing it. */
  echo?: boolean;
  /** On failure, show only the last 4,000 characters of the output (builds and benchmarks are long). */
  quiet?: boolean;
  /** Added to quietEnv (offline, no metrics). */
  env?: Record<string, string>;
}

/**
 * The one way scripts run a child process: in the project root, offline and quiet (quietEnv),
 * without stdin (so nothing waits for an answer). Resolves with the captured output (standard
 * output only, so JSON printers can be parsed); rejects with all of it when the command fails.
 */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { echo = false, quiet = false, env = {} } = options;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      // Captured output is read by people and parsers, not terminals: no colour codes in it.
      env: quietEnv(echo ? env : { NO_COLOR: '1', ...env }),
      stdio: ['ignore', echo ? 'inherit' : 'pipe', echo ? 'inherit' : 'pipe'],
    });
    let stdout = '';
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${quiet ? output.slice(-4000) : output}`));
    });
  });
}

/** Runs the project's wrangler (node_modules, not whatever npx finds) with the project's config. */
export function runWrangler(args: string[], options: RunOptions = {}): Promise<string> {
  return run(process.execPath, [wranglerBin, ...args, '--config', wranglerConfigPath], options);
}
