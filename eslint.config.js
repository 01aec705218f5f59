// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * typescript-eslint's recommended rules, plus the one direction of imports (GUIDE.md):
 *   src/domain   -> nothing of ours outside src/domain, and no framework or platform packages
 *   src/adapters -> src/domain, never src/web
 *   src/web      -> src/domain, and only `import type` from src/adapters
 */

/** Matches an import of our own directory `dir` (relative, at any depth), or of `dir.ts`. */
const ours = (dir) => `(^|/)${dir}(/|\\.ts$|$)`;

export default tseslint.config(
  {
    ignores: ['dist/', '.wrangler/', 'node_modules/', 'test-results/', 'bench-results/', 'src/worker-configuration.d.ts', 'src/web/route-tree.gen.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
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
            { regex: ['adapters', 'web', 'worker', 'scripts'].map(ours).join('|'), message: 'src/domain is the pure core: it imports nothing of ours outside src/domain.' },
            {
              regex: '^(hono|drizzle-orm|wrangler|react|react-dom|sanitize-html)(/|$)|^@(cloudflare|tanstack|hono|tiptap)/|^cloudflare:',
              message: 'src/domain stays free of frameworks, storage and platform APIs; put this in an adapter.',
            },
          ],
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
    files: ['src/adapters/**/*.ts', 'src/worker.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: ours('web'), message: 'The server never imports the SPA (src/web).' }] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: ours('adapters'), allowTypeImports: true, message: 'src/web may only `import type` from src/adapters (the server code must not ship to browsers).' }] },
      ],
    },
  },
);
