import { printWebhookResult, runWebhookBench, saveWebhookResult } from './webhook-events.ts';

/** `npm run bench:paywall:webhooks`: the webhook part of bench:paywall alone (scripts/bench/paywall/webhook-events.ts); --no-build serves the last build. */
const result = await runWebhookBench({ build: !process.argv.includes('--no-build') });
await saveWebhookResult(result);
if (!printWebhookResult(result)) process.exitCode = 1;
