import { env } from 'cloudflare:workers';
import { buildDeps } from './adapters/compose.ts';
import { createApp } from './adapters/http/app.ts';

/** Composition root: adapters from the bindings, the API, and the SPA's assets behind it. */
const app = createApp(buildDeps(env), {
  dev: import.meta.env.DEV === true,
  assets: (request) => env.ASSETS.fetch(request),
});

export { LiveStreamRoom } from './adapters/live/live-stream-room.ts';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
