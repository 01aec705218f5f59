import { defineConfig } from 'vitest/config';

/**
 * The public-site journeys (issue 3) on a site of their own: `npx vitest run -c vitest.e2e.public-site.config.ts`.
 * The journeys use only what the project's e2e harness provides (baseUrl, admin, reporters) and
 * arrange their own stories through the API, so they also run under vitest.e2e.config.ts.
 */
export default defineConfig({
  test: {
    name: 'e2e-public-site',
    environment: 'node',
    include: ['tests/e2e/public-site.e2e.ts'],
    globalSetup: ['./tests/e2e/support/public-site-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
