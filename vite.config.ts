import { cloudflare } from '@cloudflare/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { stateDir } from './scripts/lib/local-state.ts';
import { readerChunks } from './scripts/vite/reader-chunks.ts';
import { serviceWorker } from './scripts/vite/service-worker.ts';

// Offline and quiet wherever vite runs (dev, build, preview): no Request.cf fetch from the internet, no metrics.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';

/**
 * The reader's chunks (scripts/vite/reader-chunks.ts): the islands a reader's page wakes, in one
 * small file; and the app's shared part (its generic UI and root route, by folder). Not the entry's
 * own modules, nor staff screens, nor the live blog's feed: it wakes at once on live blog pages
 * only, so it stays a chunk of its own.
 */
const reader = readerChunks(fileURLToPath(new URL('.', import.meta.url)), {
  site: ['src/web/ui', 'src/web/routes'],
  // The Alerts panel loads on its first tap only, so the other islands' chunk does not carry it.
  islandsApart: ['src/reader/live-blog', 'src/reader/alerts'],
});

/** PORT picks the port for `npm run dev` (and `vite preview`); default 8787. */
const port = Number(process.env.PORT ?? 8787);

export default defineConfig({
  plugins: [
    // File routes under src/web/routes; every route is its own chunk, so a reader never loads editor or admin code.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/route-tree.gen.ts',
    }),
    react(),
    // Local D1/R2 in the same directory wrangler and the scripts use (NEWSROOM_STATE_DIR, default .wrangler/state).
    cloudflare({ persistState: { path: stateDir() }, inspectorPort: false }),
    reader.plugin,
    // /sw.js: shows breaking-news alerts (src/web/service-worker/sw.ts).
    serviceWorker(fileURLToPath(new URL('.', import.meta.url))),
  ],
  // Every browser we support preloads modules natively (modulepreload: Chrome 66, Safari 17, Firefox 115);
  // the polyfill would cost every reader bytes on the home page's tight budget.
  build: { modulePreload: { polyfill: false } },
  environments: {
    // The worker bundle (API, sanitiser, drizzle) is never sent to browsers; Workers allow far more than
    // Vite's 500 kB warning line, which stays in force for the client's chunks. Minified (names kept, for
    // stack traces and libraries that read them), the upload is 40% smaller: decision 112.
    newsroom: { build: { chunkSizeWarningLimit: 3000, minify: true, rolldownOptions: { output: { keepNames: true } } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, and the router and query libraries, each as one file: a page loads them whole anyway,
            // and a dozen small shared files cost more bytes (and requests) than two.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'framework', test: /node_modules[\\/](@tanstack|use-sync-external-store)[\\/]/ },
                // The story editor's kit (Tiptap over ProseMirror): only the editor screen loads it, and apart
                // from the screen's own code each file stays under Vite's 500 kB line.
                {
                  name: 'editor-kit',
                  test: /node_modules[\\/](@tiptap|prosemirror-[\w-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
                },
                { name: 'islands', test: reader.islands },
                { name: 'site', test: reader.site },
              ],
              includeDependenciesRecursively: false,
            },
          },
        },
      },
    },
  },
  resolve: {
    // The store's shim serves React before 18; React 19 has useSyncExternalStore itself.
    alias: { 'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector' },
  },
  // Keep what the start-up printed (the first admin's password) on screen.
  clearScreen: false,
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
});
