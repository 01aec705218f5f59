import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../lib/project.ts';
import { printStoryReadResult, runStoryReadBench } from './story-reads.ts';
import { printWebhookResult, runWebhookBench } from './webhook-events.ts';

/**
 * `npm run bench:paywall` : the page and JSON of a paid story as anonymous readers,
 * free and paid members read it against a public story (story-reads.ts), then 1,000 Stripe webhook
 * events with duplicates and reordering and the end state checked (webhook-events.ts), on one build
 * (--no-build serves the last one). Both results go to bench-results/paywall.json.
 */
const build = !process.argv.includes('--no-build');
const stories = await runStoryReadBench({ build });
const storiesOk = printStoryReadResult(stories);
const webhooks = await runWebhookBench({ build: false });
const webhooksOk = printWebhookResult(webhooks);
const dir = path.join(projectRoot, 'bench-results');
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'paywall.json'), `${JSON.stringify({ at: new Date().toISOString(), stories, webhooks }, null, 2)}\n`);
if (!storiesOk || !webhooksOk) process.exitCode = 1;
