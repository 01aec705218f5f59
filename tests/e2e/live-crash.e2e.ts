import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot, quietEnv } from '../../scripts/lib/project.ts';
import { spareSitePort } from './support/spare-site-port.ts';

/**
 * A stream whose reporter was connected when the server died (issue 18): scripts/check/live-crash.ts
 * serves the build this run made on another free port of E2E_PORTS (the run's own site is left
 * alone), kills its whole process group with SIGKILL mid-stream, serves it again over the same
 * state, and reports whether the stream ended by itself within the grace period with every
 * acknowledged byte recorded. Before issue 18 it stayed on air for good.
 */

describe('a served build killed while a reporter is live', () => {
  it(
    'ends the stream by itself within the grace period after the restart, with everything acknowledged recorded',
    { timeout: 240_000 },
    async () => {
      const port = await spareSitePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check/live-crash.ts', '--no-build'], {
        cwd: projectRoot,
        env: quietEnv({ CRASH_PORT: String(port), CRASH_GRACE_SECONDS: '8', NODE_ENV: 'production' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      const line = output.split('\n').find((candidate) => candidate.startsWith('RESULT '));
      expect(line, output).toBeDefined();
      const result = JSON.parse(line!.slice('RESULT '.length)) as Record<string, unknown>;
      console.log(
        output
          .split('\n')
          .filter((candidate) => candidate && !candidate.startsWith('RESULT '))
          .join('\n'),
      );
      expect(result).toMatchObject({
        ended: true,
        stillListedActive: false,
        recordingHoldsEveryAcknowledgedByte: true,
        videoUrl: expect.stringMatching(/\.mp4$/),
      });
      expect(result.endedAfterRestartSeconds as number).toBeLessThan((result.graceSeconds as number) + 5);
      expect(code).toBe(0);
    },
  );
});
