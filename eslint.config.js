// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * typescript-eslint's recommended rules, plus the one direction of imports:
 *   src/domain   -> nothing of ours outside src/domain (not even src/contract), no package but zod, and no I/O, clocks,
 *                   randomness or byte plumbing: the newsroom's rules and their types only
 *   src/media    -> nothing of ours outside src/media (pure media plumbing: WebM, ranges, parts)
 *   src/contract -> nothing at all (the page contract the worker's pages and the SPA share, and the
 *                   one HTML escaper); everyone may import it
 *   src/services -> src/domain and src/media (use cases, typed against the domain's ports)
 *   src/reader   -> src/domain, src/contract, and only `import type` from src/services (the reader's pages:
 *                   components the worker renders, their islands beside them; decision 120); never src/adapters
 *   src/adapters -> src/domain, src/media, src/services, src/reader's components (never an island), never src/web
 *   src/web      -> src/domain, src/media, src/reader's islands, and only `import type` from src/adapters
 * and one composition root: only src/worker.ts, scripts/ and tests/ import src/adapters/compose.ts.
 * No import cycles: `npm run lint` also runs madge over src, scripts and tests (decision 075; type-only
 * imports count, which import-x/no-cycle skips).
 */

/** Matches an import of our own directory `dir` (relative, at any depth), or of `dir.ts`. */
const ours = (dir) => `(^|/)${dir}(/|\\.ts$|$)`;
const COMPOSE = {
  regex: '(^|/)compose\\.ts$',
  message: 'Only the composition root (src/worker.ts), scripts and tests build the adapters; take what you need as a parameter.',
};
/** An island's module (a .island.ts or .island.tsx under src/reader): browser code, loaded by the registry. */
const ISLAND = '\\.island(\\.tsx?)?$';
/**
 * Islands find what they act on by what the component declared (data-island, data-part, form
 * controls by name), never by a class: querySelector('.x'), closest('a .x'), matches('.x') are refused.
 */
const QUERIES = 'CallExpression[callee.property.name=/^(querySelector|querySelectorAll|closest|matches)$/]';
const CLASS_QUERY_MESSAGE =
  'An island finds its parts by data-part (src/web/islands/island.ts part()), ids or attributes, never by a class (decision 120).';
const CLASS_QUERIES = [
  { selector: `${QUERIES} > Literal.arguments[value=/(^|[\\s>+~,(])[a-z-]*\\.[A-Za-z_-]/]`, message: CLASS_QUERY_MESSAGE },
  {
    selector: `${QUERIES} > TemplateLiteral.arguments > TemplateElement[value.raw=/(^|[\\s>+~,(])[a-z-]*\\.([A-Za-z_-]|$)/]`,
    message: CLASS_QUERY_MESSAGE,
  },
];
/**
 * The ports of AppDeps that hold the newsroom's records (repositories, logs, counters): a route never
 * calls one, nor takes one out of `deps` to call it; a service does (issue 38). The live rooms (a
 * Durable Object's doors), the media store (bytes streamed through) and the clock are not in it.
 */
const REPOSITORIES = [
  'users',
  'sessions',
  'loginAttempts',
  'beats',
  'stories',
  'storedStories',
  'search',
  'revisions',
  'corrections',
  'liveStreams',
  'uploads',
  'idempotencyKeys',
  'settings',
  'liveBlogs',
  'views',
  'readership',
  'challenges',
  'secondFactors',
  'passkeys',
  'passwordResets',
  'audit',
  'pushSubscriptions',
  'alerts',
  'outbox',
  'readers',
  'readerSignIns',
  'tokens',
  'newsletters',
  'subscriptions',
  'suppressions',
  'sends',
  'tiers',
  'members',
  'memberFigures',
  'captions',
  'fediverse',
  'expiredRows',
];
const REPOSITORY = `/^(${REPOSITORIES.join('|')})$/`;
const ROUTE_MESSAGE =
  "A route validates, calls one service and maps its answer: repositories and audit entries are the service's (issue 38).";
/** `deps.stories.list()`, `c.var.deps.fediverse.replies.list()`, `const { stories } = c.var.deps`. */
const REPOSITORY_CALLS = [
  `CallExpression > MemberExpression.callee > MemberExpression.object[object.name='deps'][property.name=${REPOSITORY}]`,
  `CallExpression > MemberExpression.callee > MemberExpression.object[object.property.name='deps'][property.name=${REPOSITORY}]`,
  `CallExpression > MemberExpression.callee > MemberExpression.object > MemberExpression.object[object.name='deps'][property.name='fediverse']`,
  `CallExpression > MemberExpression.callee > MemberExpression.object > MemberExpression.object[object.property.name='deps'][property.name='fediverse']`,
  `VariableDeclarator[init.name='deps'] > ObjectPattern > Property[key.name=${REPOSITORY}]`,
  `VariableDeclarator[init.property.name='deps'] > ObjectPattern > Property[key.name=${REPOSITORY}]`,
].map((selector) => ({ selector, message: ROUTE_MESSAGE }));
/** What no adapter imports: the SPA, an island, the composition root. */
const ADAPTER_IMPORTS = [
  { regex: ours('web'), message: 'The server never imports the SPA (src/web).' },
  { regex: ISLAND, message: 'The server renders components; an island is browser code (decision 120).' },
  COMPOSE,
];
const FRAMEWORKS = '^(hono|drizzle-orm|wrangler|react|react-dom|sanitize-html)(/|$)|^@(cloudflare|tanstack|hono|tiptap)/|^cloudflare:';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.wrangler/',
      'node_modules/',
      'test-results/',
      'bench-results/',
      'src/worker-configuration.d.ts',
      'src/web/route-tree.gen.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Vitest fixtures must destructure their first parameter, even when they use none of it.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    // Tests read JSON answers loosely; the code under test is typed.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Its unit tests may share fixtures with the other suites (tests/); the code itself may not.
            {
              regex: ['adapters', 'web', 'worker', 'scripts', 'media', 'services', 'contract', 'reader'].map(ours).join('|'),
              message: 'src/domain is the pure core: it imports nothing of ours outside src/domain.',
            },
            { regex: FRAMEWORKS, message: 'src/domain stays free of frameworks, storage and platform APIs; put this in an adapter.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^[^.]/][source.value!='zod']",
          message:
            "src/domain holds the newsroom's rules: no package but zod (validation). Technical code goes to src/media or an adapter.",
        },
        {
          selector:
            "NewExpression[callee.name=/^(Uint8Array|Uint16Array|DataView|ArrayBuffer|TextEncoder|TextDecoder|ReadableStream|WritableStream|Request|Response)$/], NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'src/domain works on values: bytes, streams, HTTP and reading the clock belong in src/media or an adapter (take `now` as a parameter).',
        },
        {
          selector:
            'CallExpression[callee.object.name=/^(Date|Math|crypto|performance)$/][callee.property.name=/^(now|random|getRandomValues|randomUUID)$/], CallExpression[callee.name=/^(fetch|setTimeout|setInterval)$/]',
          message: 'src/domain is pure: no clocks, randomness, timers or network; take them as parameters or put the code in an adapter.',
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: ours('tests'), message: 'src/domain is the pure core: it imports nothing of ours outside src/domain.' }] },
      ],
    },
  },
  {
    files: ['src/media/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: ['adapters', 'web', 'worker', 'scripts', 'domain', 'services'].map(ours).join('|'),
              message: 'src/media is plain media plumbing: it imports nothing of ours outside src/media.',
            },
            { regex: FRAMEWORKS, message: 'src/media stays free of frameworks and platform APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: ['adapters', 'web', 'worker', 'scripts', 'domain', 'media', 'services', 'reader'].map(ours).join('|'),
              message: 'src/contract is shared by the worker and the SPA: it imports nothing of ours.',
            },
            { regex: FRAMEWORKS, message: 'src/contract stays free of frameworks and platform APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: ['adapters', 'web', 'worker', 'scripts', 'reader'].map(ours).join('|'),
              message:
                'src/services works through the ports in src/domain/<feature>/ports.ts, never the adapters themselves (nor the pages that show its answers).',
            },
            { regex: FRAMEWORKS, message: 'src/services stays free of frameworks and platform APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/adapters/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ADAPTER_IMPORTS,
        },
      ],
    },
  },
  {
    // Routes validate, call one service and map its answer (issue 38): no repository call, no audit entry of their own.
    files: ['src/adapters/http/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...REPOSITORY_CALLS],
      'no-restricted-imports': [
        'error',
        {
          patterns: [...ADAPTER_IMPORTS, { regex: '(^|/)domain/audit/audit\\.ts$', message: ROUTE_MESSAGE }],
        },
      ],
    },
  },
  {
    files: ['src/reader/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: ['adapters', 'worker', 'scripts'].map(ours).join('|'),
              message: 'src/reader is what readers see: it renders what a service answered, and never reaches the adapters.',
            },
            {
              regex: ours('services'),
              allowTypeImports: true,
              message: 'src/reader only takes the types of what services answer (`import type`); the route calls the service.',
            },
            COMPOSE,
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...CLASS_QUERIES],
    },
  },
  {
    // The islands' waker and the entry that wakes them, like the islands.
    files: ['src/web/islands/**/*.{ts,tsx}', 'src/web/main.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...CLASS_QUERIES] },
  },
  {
    // A component renders on the worker: no React, no browser code (an island's, or the app's).
    files: ['src/reader/**/*.tsx'],
    ignores: ['src/reader/**/*.island.tsx', 'src/reader/live/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: FRAMEWORKS,
              message: 'A reader component is rendered by the worker with src/reader/jsx (decision 120): no React, no Hono.',
            },
            { regex: ours('web'), message: 'A reader component renders on the worker; browser code belongs to its island.' },
            { regex: ISLAND, message: 'A component declares its island (island() in src/reader/island.ts); it never imports it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: ours('adapters'),
              allowTypeImports: true,
              message: 'src/web may only `import type` from src/adapters (the server code must not ship to browsers).',
            },
            { regex: ours('services'), message: 'src/web talks to the server through the API, never its services.' },
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: [COMPOSE] }],
    },
  },
);
