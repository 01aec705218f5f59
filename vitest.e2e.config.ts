import { defineConfig } from 'vitest/config';
import { e2eSiteCount } from './tests/e2e/support/ports.ts';
import { StartStateFirst } from './tests/e2e/support/start-state-first.ts';

/**
 * Browser journeys (`npm run test:e2e`): the global setup builds the site once and serves it on
 * workerd E2E_SITES times (default 1), each with a fresh, seeded database; each file drives Debian's
 * Chromium through playwright-core. A worker per site, each running one file at a time on its own
 * site (decision 113): on two cores one at a time, since two live-video journeys at once miss their
 * smoothness checks.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['./tests/e2e/support/global-setup.ts'],
    sequence: { sequencer: StartStateFirst },
    maxWorkers: e2eSiteCount(),
    testTimeout: 60_000,
    // What a journey waits for (the app's first screen after a cold load: a waterfall of chunks
    // from wrangler dev, about 1 s on an idle 2-core machine) gets 10 s, not expect.poll's 1 s. A
    // wait, not a timing assertion: speed is measured by npm run bench.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
