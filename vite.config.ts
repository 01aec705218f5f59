import { cloudflare } from '@cloudflare/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    cloudflare(),
  ],
  server: { host: '127.0.0.1', port: 8787 },
  preview: { host: '127.0.0.1', port: 8787 },
});
