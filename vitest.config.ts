import { mkdirSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { testMailBindings, testMailPlan } from './tests/support/mail-plan.ts';
import { testStripeBindings } from './tests/support/stripe-plan.ts';
import { testTranscriberBindings } from './tests/support/transcriber-plan.ts';

// wrangler refuses a config whose assets directory (wrangler.toml: ./dist/client) does not exist.
// The API tests do not need the built SPA, so a fresh clone gets an empty directory instead of a build.
mkdirSync(new URL('./dist/client', import.meta.url), { recursive: true });

/**
 * The pure domain core, the use cases (services), the adapters' pure helpers, the web's pure helpers, the page contract (the app's routes) and the build's own plugins in plain Node, and the worker's integration tests inside
 * workerd against real local D1 and R2 (isolated storage per test file, migrations applied in setup).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          environment: 'node',
          include: ['src/domain/**/*.test.ts'],
          // Pure functions with no module state: one worker thread runs every file, no fresh module graph each.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          // The use cases over in-memory fakes of their ports: milliseconds, no workerd.
          name: 'services',
          environment: 'node',
          include: ['src/services/**/*.test.ts'],
          // Each test builds its own fakes, and nothing mocks a module: isolation per file only cost start-up
          // (8 s of a 10 s run on 2 cores, the tests 0.5 s); shared, `npx vitest run --project services` takes 4 s.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          // The adapters' pure helpers (no binding, no workerd); the adapters themselves are tested in tests/api.
          name: 'adapters',
          environment: 'node',
          include: ['src/adapters/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'media',
          environment: 'node',
          include: ['src/media/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'node',
          include: ['src/web/**/*.test.ts'],
        },
      },
      {
        test: {
          // The reader pages' components and their renderer, in plain Node (decision 120).
          name: 'reader',
          environment: 'node',
          include: ['src/reader/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          // The page contract: the app's routes as the worker knows them (decision 045).
          name: 'contract',
          environment: 'node',
          include: ['tests/contract/**/*.test.tsx'],
        },
      },
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // The fan-out's messages wait in a queue nobody consumes, and each test runs the jobs it
              // started through the worker's queue handler when it chooses (tests/api/support/jobs.ts):
              // no background work from one test lands in another's time.
              queueProducers: { JOBS: { queueName: 'newsroom-jobs-run-by-tests' } },
              bindings: {
                PASSWORD_PEPPER: 'test-pepper-not-a-secret-0123456789',
                // The site's public origin (as a deployment configures it): links in mail and the fediverse's ids are made of it.
                SITE_ORIGIN: 'http://newsroom.test',
                // 32 bytes, base64: the AES-GCM key TOTP secrets are sealed with (not a secret: tests only).
                TWO_FACTOR_KEY: 'dGVzdC10d28tZmFjdG9yLWtleS0zMi1ieXRlcyEhISE=',
                // The test peer (tests/support/fediverse-peer-setup.ts) listens on 127.0.0.1: federation may reach it.
                FEDERATION_ALLOW_PRIVATE: '1',
                // Tests call the API far faster than any client may; tests/api/rate-limits.test.ts turns the limits on.
                RATE_LIMITS: 'off',
                // The API's own contract is tested without the edge cache; tests/api/edge-cache.test.ts tests the cache.
                EDGE_CACHE_TTL_SECONDS: '0',
                TEST_MIGRATIONS: await readD1Migrations('./migrations'),
                // Small limits keep the over-size tests cheap; parts at R2's 5 MiB minimum.
                MAX_IMAGE_BYTES: String(1024 * 1024),
                MAX_VIDEO_BYTES: String(64 * 1024 * 1024),
                UPLOAD_PART_BYTES: String(5 * 1024 * 1024),
                LIVE_PART_BYTES: String(5 * 1024 * 1024),
                // Mail leaves by SMTP to local mail servers (tests/support/mail-servers.global.ts), DKIM-signed.
                ...testMailBindings(await testMailPlan()),
                // Web Push (tests only, not a secret): alerts go to the push receiver on this machine over http.
                VAPID_PUBLIC_KEY: 'BAl5-ppum02GVj8SdERWj6McQ-rfmd1hKp5OF6So47eEOYbqGuDJRXur252T_NralrZitawp2pPtp5Yudq9lIlg',
                VAPID_PRIVATE_KEY: 'UIFZwLQ8bOCSNKJe88sWJVlLbd_T9yT8daVdxWZtrXA',
                PUSH_ALLOW_PRIVATE: '1',
                // Stripe's calls go to the stand-in of its API on this machine (tests/api/support/stripe-stand-in-setup.ts).
                ...(await testStripeBindings()),
                // Captions are transcribed by the stand-in of OpenAI's transcription API (tests/api/support/transcriber-setup.ts).
                ...(await testTranscriberBindings()),
              },
            },
          })),
        ],
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['./tests/api/support/apply-migrations.ts'],
          // Local mail servers, the fediverse's test peer, and a push service that decrypts for the alerts' tests (scripts/lib/push-receiver).
          globalSetup: [
            './tests/support/mail-servers.global.ts',
            './tests/support/fediverse-peer-setup.ts',
            './tests/api/support/push-receiver-setup.ts',
            './tests/api/support/stripe-stand-in-setup.ts',
            './tests/api/support/transcriber-setup.ts',
          ],
          // A file's first published story loads the fediverse's library (Fedify, imported lazily so the
          // worker starts small), which the pool transforms on first use, and writes that story's
          // activities through Fedify's JSON-LD: 10-30 s on a loaded 2-core machine (26 s measured at a
          // load of 20). A test or hook that publishes first gets that time; a budget, not a measure.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // postcss (inside sanitize-html) requires nanoid's CommonJS build; pre-bundling resolves it as Node would.
          deps: { optimizer: { ssr: { enabled: true, include: ['sanitize-html'] } } },
        },
      },
    ],
  },
});
