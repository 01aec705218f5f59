import { env, waitUntil } from 'cloudflare:workers';
import { buildDeps, buildViewCounterDeps } from './adapters/compose.ts';
import { createApp } from './adapters/http/app.ts';
import { createEdgeCache, noEdgeCache } from './adapters/http/middleware/edge-cache.ts';
import { runScheduledJob } from './adapters/jobs/scheduled-job.ts';
import { syncFediverse } from './adapters/federation/fediverse-context.ts';
import { consumeJobs } from './adapters/queues/job-consumer.ts';
import { jobHandlers } from './adapters/queues/job-handlers.ts';
import { runJob } from './services/jobs/run-job.ts';
import { captionStreamRecording } from './services/captions/caption-tracks.ts';
import { LiveStreamRoom as LiveStreamRoomBase } from './adapters/live/live-stream-room.ts';
import { ViewCounterShard as ViewCounterShardBase } from './adapters/readership/view-counter-shard.ts';

/** Public reads are cached per deployment (cached HTML names its asset files); a TTL of 0 turns it off. */
function edgeCacheFor(ttlSeconds: number) {
  if (!(ttlSeconds > 0) || typeof caches === 'undefined') return noEdgeCache;
  return createEdgeCache({ cache: caches.default, namespace: env.CF_VERSION_METADATA.id, ttlSeconds });
}

/** Composition root: adapters from the bindings, the API, and the SPA's assets behind it. */
const deps = buildDeps(env, undefined, { afterAnswer: waitUntil });
const edgeCache = edgeCacheFor(Number(env.EDGE_CACHE_TTL_SECONDS ?? 60));
const app = createApp(deps, {
  dev: import.meta.env.DEV === true,
  assets: (request) => env.ASSETS.fetch(request),
  edgeCache,
  pictureCache: typeof caches === 'undefined' ? null : caches.default,
});

/**
 * The live stream rooms' Durable Object class (wrangler.toml), given its adapters here like the app,
 * and the same edge cache, so a stream that ends by itself refreshes the cached public pages.
 */
export class LiveStreamRoom extends LiveStreamRoomBase {
  constructor(ctx: DurableObjectState, bindings: Env) {
    const deps = buildDeps(bindings);
    super(ctx, bindings, {
      ...deps,
      edgeCache: edgeCacheFor(Number(bindings.EDGE_CACHE_TTL_SECONDS ?? 60)),
      afterEnd: async (streamId, heard) => {
        const [fediverse, captions] = await Promise.allSettled([syncFediverse(deps), captionStreamRecording(deps, streamId, heard)]);
        for (const outcome of [fediverse, captions]) if (outcome.status === 'rejected') throw outcome.reason;
      },
    });
  }
}

/** The view counters' Durable Object class (wrangler.toml, decision 060), given where and how often it flushes. */
export class ViewCounterShard extends ViewCounterShardBase {
  constructor(ctx: DurableObjectState, bindings: Env) {
    super(ctx, bindings, buildViewCounterDeps(bindings));
  }
}

const handlers = jobHandlers(deps, { publicChange: () => edgeCache.purgeAll() });

export default {
  fetch: app.fetch,
  /** The fan-out's queue (decision 065): each message names a job in D1, run once under a lease. */
  async queue(batch, _env, _ctx) {
    await consumeJobs(batch, (message) => runJob({ ledger: deps.jobs.ledger, clock: deps.clock, random: Math.random }, handlers, message));
  },
  /** The Cron Trigger (wrangler.toml, every minute): the publishing job. */
  async scheduled(controller, _env, _ctx) {
    await runScheduledJob(deps, edgeCache, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
