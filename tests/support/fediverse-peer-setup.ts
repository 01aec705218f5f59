import type { TestProject } from 'vitest/node';
import { startPeerProcess } from './fediverse-peer-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test peer's hosts (tests/api/support/fediverse.ts). */
    fediversePeers: string[];
  }
}

/** The API tests' global setup: one peer process playing three other servers, stopped after the run. */
export default async function setup(project: TestProject) {
  const peer = await startPeerProcess('127.0.0.1:0,127.0.0.1:0,127.0.0.1:0');
  project.provide('fediversePeers', peer.origins);
  return peer.stop;
}
