import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STATE_DIR_ENV } from '../../scripts/lib/local-state.ts';
import { run } from '../../scripts/lib/run.ts';
import { serveBuild, type ServedSite } from '../../scripts/lib/serve-build.ts';
import { offerViews } from '../../scripts/bench/views/readers.ts';
import { spareSitePort } from './support/spare-site-port.ts';

/**
 * Decision 060's promise, on the served build (wrangler dev on workerd, as `npm start`): a view
 * answered as counted is in the figures after the process is killed. A site of its own (its own
 * state and port) takes views from simulated readers; its whole process group is SIGKILLed while
 * they arrive (and while the counters flush every second); after a restart on the same state, every
 * story's exact count holds at least every view answered for it, the highest count any reader was
 * told included, and once the counters have flushed, D1's breakdowns add up to those counts.
 */

const FLUSH_SECONDS = '1';

const stateDir = mkdtempSync(join(tmpdir(), 'newsroom-kill-'));
let site: ServedSite | null = null;

afterAll(async () => {
  await site?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

async function json<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

describe('views answered as counted, when the server is killed', () => {
  it('are all in the exact counts after a restart, and in the breakdowns once flushed', { timeout: 240_000 }, async () => {
    // What `npm start` prepares (migrations, the first admin, the demo newsroom), into this site's own state.
    const admin = { email: 'kill-admin@example.com', password: `kill-${Date.now()}-password` };
    await run('npx', ['tsx', 'scripts/prepare-local.ts'], {
      quiet: true,
      env: { [STATE_DIR_ENV]: stateDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SEED_DEMO: '1' },
    });
    const port = await spareSitePort();
    const serve = () => serveBuild({ port, stateDir, vars: { VIEW_FLUSH_SECONDS: FLUSH_SECONDS, RATE_LIMITS: 'off' } });
    const signIn = async (baseUrl: string) => {
      const res = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailOrUsername: admin.email, password: admin.password }),
      });
      return ((await res.json()) as { token: string }).token;
    };

    site = await serve();
    let token = await signIn(site.baseUrl);
    const storyIds = (await json<{ id: number }[]>(`${site.baseUrl}/api/stories?status=published&limit=100`, token)).map(
      (story) => story.id,
    );
    expect(storyIds.length).toBeGreaterThan(5);
    const exactViews = async () =>
      new Map(
        await Promise.all(
          storyIds.map(async (id) => [id, (await json<{ views: number }>(`${site!.baseUrl}/api/stories/${id}`, token)).views] as const),
        ),
      );
    const before = await exactViews();

    // Readers keep arriving; two and a half seconds in, the whole process group dies at once.
    let stopReaders!: () => void;
    const stop = new Promise<void>((resolve) => (stopReaders = resolve));
    const loading = offerViews({ baseUrl: site.baseUrl, storyIds, ratePerSecond: 150, seconds: 20, timeoutMs: 10_000, stop });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    process.kill(-site.pid, 'SIGKILL');
    stopReaders();
    const load = await loading;
    expect(load.counted.views).toBeGreaterThan(50);

    site = await serve();
    token = await signIn(site.baseUrl);
    const after = await exactViews();
    for (const id of storyIds) {
      const answered = load.byStory.get(id) ?? { counted: 0, highest: 0 };
      const gained = after.get(id)! - before.get(id)!;
      // Every view answered is there; a view counted whose answer the kill cut off may be there too.
      expect(gained, `story ${id}`).toBeGreaterThanOrEqual(answered.counted);
      expect(after.get(id)!, `story ${id}`).toBeGreaterThanOrEqual(answered.highest);
    }
    const gainedInAll = storyIds.reduce((sum, id) => sum + after.get(id)! - before.get(id)!, 0);
    expect(gainedInAll).toBeLessThanOrEqual(load.offered - load.botAnswers);

    // The counters flush what they hold (the alarm survived the kill too): the breakdowns add up to the exact counts.
    const day = new Date(Date.now() - 60_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(async () => (await json<{ viewsPending: number }>(`${site!.baseUrl}/api/analytics/counters`, token)).viewsPending, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(0);
    const figures = await json<{ total: number; sources: { views: number }[]; devices: { views: number }[] }>(
      `${site.baseUrl}/api/analytics/site?from=${day}&to=${today}`,
      token,
    );
    expect(figures.total).toBe(gainedInAll);
    expect(figures.sources.reduce((sum, s) => sum + s.views, 0)).toBe(gainedInAll);
    expect(figures.devices.reduce((sum, d) => sum + d.views, 0)).toBe(gainedInAll);
    const stored = await json<{ viewsFlushed: number }>(`${site.baseUrl}/api/analytics/counters`, token);
    expect(stored.viewsFlushed).toBe(gainedInAll);
  });
});
