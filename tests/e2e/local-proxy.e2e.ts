import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveBuild, type ServedSite } from '../../scripts/lib/serve-build.ts';
import { spareSitePort } from './support/spare-site-port.ts';

/**
 * On the served build (`npm start`'s wrangler dev): when wrangler's proxy cannot reach our worker,
 * a request is answered with an error, never parked until some other request happens by (the
 * fault wrangler 4.86 had: decision 110). The worker's own workerd is killed under the proxy, so
 * every forward fails.
 */

const stateDir = mkdtempSync(join(tmpdir(), 'newsroom-proxy-'));
let served: ServedSite | null = null;

afterAll(async () => {
  await served?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** The workerd that runs our worker: in the served site's process group, not the one listening on its port. */
function workerRuntimePid(site: ServedSite, port: number): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' }).split('\n');
  const runtimes = rows
    .map((row) => row.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match): match is RegExpMatchArray => match !== null && Number(match[2]) === site.pid && /workerd\S* serve /.test(match[3]!))
    .filter((match) => !match[3]!.includes(`entry=127.0.0.1:${port} `));
  expect(runtimes, 'one workerd of our own besides the proxy').toHaveLength(1);
  return Number(runtimes[0]![1]);
}

async function answer(url: string, init?: RequestInit): Promise<{ status: number; text: string }> {
  // Only so that a parked request ends the test instead of holding it for the whole timeout.
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  return { status: res.status, text: await res.text() };
}

describe('wrangler dev, when our worker cannot be reached', () => {
  it('answers a GET and a POST with a server error at once', { timeout: 150_000 }, async () => {
    const port = await spareSitePort();
    served = await serveBuild({ port, stateDir });
    expect((await answer(`${served.baseUrl}/api/health`)).status).toBe(200);

    process.kill(workerRuntimePid(served, port), 'SIGKILL');

    const get = await answer(`${served.baseUrl}/assets/does-not-matter.js`);
    expect(get.status).toBe(500);
    expect(get.text).toMatch(/^Error: Network connection lost\./);
    const post = await answer(`${served.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: 'nobody', password: 'nothing' }),
    });
    expect(post.status).toBe(500);
    expect(post.text).toMatch(/^Error: Network connection lost\./);
  });
});
