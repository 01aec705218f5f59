import type { TestProject } from 'vitest/node';
import { PushReceiver } from '../../../scripts/lib/push-receiver/push-receiver.ts';

/**
 * The API tests' push service (scripts/lib/push-receiver): one per run, in Node, reached by the
 * worker under test over HTTP like any push service. Tests read its origin with
 * `inject('pushReceiverOrigin')` and use its HTTP API (support/push.ts).
 */
export default async function startPushReceiver(project: TestProject): Promise<() => Promise<void>> {
  const receiver = await PushReceiver.start();
  project.provide('pushReceiverOrigin', receiver.origin);
  return () => receiver.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pushReceiverOrigin: string;
  }
}
