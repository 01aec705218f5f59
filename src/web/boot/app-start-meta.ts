/**
 * The <meta> the build writes into index.html naming the app's start-up files, space-separated
 * (scripts/vite/prefetch-app.ts writes it, prefetch-app.ts reads it).
 */
export const APP_START_META = 'newsroom-app-start';
