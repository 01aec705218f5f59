import type { TestProject } from 'vitest/node';
import startTranscriberStandIn from '../api/support/transcriber-setup.ts';
import startPushReceiver from '../api/support/push-receiver-setup.ts';
import startStripeStandIn from '../api/support/stripe-stand-in-setup.ts';
import startFediversePeer from './fediverse-peer-setup.ts';
import startMailServers from './mail-servers.global.ts';

/**
 * The servers the API tests talk to (local mail servers, the fediverse's test peer, a push service
 * that decrypts, the stand-ins of Stripe's and OpenAI's APIs), started once for the run however
 * many projects ask (`api` and `api-servers` both do, tests/support/api-file-groups.ts), stopped
 * when the last of them is done. Their ports are fixed by the plans the workers' bindings name, so a
 * second copy could not start anyway.
 */
type Teardown = () => Promise<void> | void;
interface Started {
  provided: [string, unknown][];
  stop: () => Promise<void>;
}
const SHARED = Symbol.for('newsroom.api-test-servers');
type Holder = { [SHARED]?: { started: Promise<Started>; users: number } };

async function startAll(): Promise<Started> {
  const provided: [string, unknown][] = [];
  const recorder = { provide: (key: string, value: unknown) => void provided.push([key, value]) } as unknown as TestProject;
  const teardowns: Teardown[] = [];
  for (const start of [startMailServers, startFediversePeer, startPushReceiver, startStripeStandIn, startTranscriberStandIn])
    teardowns.push(await start(recorder));
  return { provided, stop: async () => void (await Promise.all(teardowns.reverse().map((stop) => stop()))) };
}

export default async function setup(project: TestProject): Promise<Teardown> {
  const holder = globalThis as Holder;
  holder[SHARED] ??= { started: startAll(), users: 0 };
  const shared = holder[SHARED];
  shared.users += 1;
  const { provided, stop } = await shared.started;
  for (const [key, value] of provided) project.provide(key as never, value as never);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await stop();
  };
}
