import type { TestProject } from 'vitest/node';
import { startPeerProcess } from '../../scripts/fediverse-peer/process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test peer's hosts (tests/api/support/fediverse.ts). */
    fediversePeers: string[];
  }
}

/** The API tests' global setup: one peer process playing eight other servers, stopped after the run. */
export default async function setup(project: TestProject) {
  // Each test file that receives deliveries takes hosts of its own (the peer's log is shared by files running side by side).
  const peer = await startPeerProcess(Array.from({ length: 8 }, () => '127.0.0.1:0').join(','));
  project.provide('fediversePeers', peer.origins);
  return peer.stop;
}
