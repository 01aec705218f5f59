import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { projectRoot, quietEnv, wranglerConfigPath } from './project.ts';

const wranglerBin = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');

/**
 * Runs the project's wrangler with the project's config, offline and without stdin (so it never
 * waits for an answer). Output is captured and shown only when the command fails, unless `echo`.
 */
export function runWrangler(args: string[], options: { echo?: boolean } = {}): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [wranglerBin, ...args, '--config', wranglerConfigPath], {
      cwd: projectRoot,
      env: quietEnv(),
      stdio: ['ignore', options.echo ? 'inherit' : 'pipe', options.echo ? 'inherit' : 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`wrangler ${args.join(' ')} exited with ${code}\n${output}`));
    });
  });
}
