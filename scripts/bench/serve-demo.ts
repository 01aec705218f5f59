import { startDemoSite } from './demo-site.ts';

/**
 * Builds (unless --no-build), seeds a fresh demo newsroom and serves it on PORT (default 8810),
 * then prints one JSON line {baseUrl, admin, reporters, ...} and serves until SIGTERM or SIGINT.
 * The public-site journeys start it this way; it is also the quickest way to look at the site.
 */
const port = Number(process.env.PORT ?? 8810);
const site = await startDemoSite({ port, build: !process.argv.includes('--no-build') });
const { admin, reporters, sampleStory, youtubeStory, uploadedVideoStory } = site.newsroom;
console.log(JSON.stringify({ baseUrl: site.baseUrl, admin, reporters, sampleStory, youtubeStory, uploadedVideoStory }));

const shutdown = async () => {
  await site.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
// Stay up until told to stop.
setInterval(() => undefined, 60_000);
