import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the test peer (scripts/fediverse-peer) as a process of its own, playing the hosts given
 * ("127.0.0.1:0" picks a free port): the newsroom is tested against a separate program with its own
 * HTTP-signature code, as it would meet Mastodon. Resolves once every host listens.
 */
export async function startPeerProcess(
  hosts: string,
  { sharedKeys = false } = {},
): Promise<{ origins: string[]; child: ChildProcess; stop: () => Promise<void> }> {
  const args = ['--import', 'tsx', 'scripts/fediverse-peer/main.ts', '--hosts', hosts, ...(sharedKeys ? ['--shared-keys'] : [])];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const origins = await new Promise<string[]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fediverse peer exited (${code}) before it listened`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { origins: string[] }).origins));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { origins, child, stop };
}
