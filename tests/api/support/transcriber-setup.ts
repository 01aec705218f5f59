import type { TestProject } from 'vitest/node';
import { TranscriberStandIn } from '../../../scripts/lib/transcriber-stand-in/transcriber-stand-in.ts';
import { transcriberStandInPort } from '../../support/transcriber-plan.ts';

/**
 * The API tests' stand-in transcriber (scripts/lib/transcriber-stand-in, decision 126): one per run,
 * on the port TRANSCRIBE_URL names. It also makes the tests' spoken videos on request (the workers
 * pool cannot run ffmpeg), GET {origin}/_stand-in/video.
 */
export default async function startTranscriberStandIn(project: TestProject): Promise<() => Promise<void>> {
  const standIn = await TranscriberStandIn.start({ port: await transcriberStandInPort() });
  project.provide('transcriberOrigin', standIn.origin);
  return () => standIn.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    transcriberOrigin: string;
  }
}
