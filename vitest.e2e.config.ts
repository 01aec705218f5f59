import { defineConfig } from 'vitest/config';
import { StartStateFirst } from './tests/e2e/support/start-state-first.ts';

/**
 * Browser journeys (`npm run test:e2e`): the global setup builds and serves the site on workerd
 * with a fresh, seeded database; each file drives Debian's Chromium through playwright-core.
 * One file at a time: they share that one site, and the machines have two cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['./tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: StartStateFirst },
    maxWorkers: 1,
    testTimeout: 60_000,
    // What a journey waits for (the app's first screen after a cold load: a waterfall of chunks
    // from wrangler dev, about 1 s on an idle 2-core machine) gets 10 s, not expect.poll's 1 s. A
    // wait, not a timing assertion: speed is measured by npm run bench.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
