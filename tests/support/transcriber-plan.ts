import { createServer } from 'node:net';

/**
 * Where the API tests' stand-in transcriber listens (tests/api/support/transcriber-setup.ts), named to
 * the worker under test as TRANSCRIBE_URL (vitest.config.ts). The port is a free one chosen once per
 * run (TRANSCRIBER_STAND_IN_PORT picks it), shared through this process's environment.
 */
export async function transcriberStandInPort(): Promise<number> {
  if (!process.env.TRANSCRIBER_STAND_IN_PORT) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    process.env.TRANSCRIBER_STAND_IN_PORT = String(port);
  }
  return Number(process.env.TRANSCRIBER_STAND_IN_PORT);
}

/** Not a secret: the tests check it arrives as a Bearer token. */
export const TEST_TRANSCRIBE_API_KEY = 'test-transcribe-key';
export const TEST_TRANSCRIBE_MODEL = 'whisper-test';

export async function testTranscriberBindings(): Promise<Record<string, string>> {
  return {
    TRANSCRIBE_URL: `http://127.0.0.1:${await transcriberStandInPort()}/v1/audio/transcriptions`,
    TRANSCRIBE_API_KEY: TEST_TRANSCRIBE_API_KEY,
    TRANSCRIBE_MODEL: TEST_TRANSCRIBE_MODEL,
  };
}
