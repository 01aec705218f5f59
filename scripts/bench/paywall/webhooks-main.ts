import { printWebhookResult, runWebhookBench, saveWebhookResult } from './webhook-events.ts';

/** `npm run bench:paywall:webhooks`: the webhook part of bench:paywall alone (scripts/bench/paywall/webhook-events.ts). */
const result = await runWebhookBench();
await saveWebhookResult(result);
if (!printWebhookResult(result)) process.exitCode = 1;
