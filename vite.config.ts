import { cloudflare } from '@cloudflare/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stateDir } from './scripts/lib/local-state.ts';
import { prefetchAppStart } from './scripts/vite/prefetch-app.ts';

// Offline and quiet wherever vite runs (dev, build, preview): no Request.cf fetch from the internet, no metrics.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
process.env.WRANGLER_SEND_METRICS ??= 'false';

/** PORT picks the port for `npm run dev` and the preview `npm start` serves (default 8787). */
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
    prefetchAppStart(),
  ],
  // The worker bundle (API, sanitiser, drizzle) is never sent to browsers; Workers allow far more than
  // Vite's 500 kB warning line, which stays in force for the client's chunks.
  environments: { newsroom: { build: { chunkSizeWarningLimit: 3000 } } },
  // Every browser we support preloads modules natively (modulepreload: Chrome 66, Safari 17, Firefox 115);
  // the polyfill would cost every reader bytes on the home page's tight budget.
  build: { modulePreload: { polyfill: false } },
  // Keep what the start-up printed (the first admin's password) on screen.
  clearScreen: false,
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true },
});
