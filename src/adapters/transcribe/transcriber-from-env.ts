import type { Transcriber } from '../../domain/captions/ports.ts';
import { OpenAiTranscriber } from './openai-transcriber.ts';
import { WorkersAiTranscriber } from './workers-ai-transcriber.ts';

/** TRANSCRIBE_URL wins when set (a newsroom's own server, the tests' stand-in); else Workers AI where `AI` is bound; else none. */
export function transcriberFromEnv(
  env: Pick<Env, 'TRANSCRIBE_URL' | 'TRANSCRIBE_API_KEY' | 'TRANSCRIBE_MODEL' | 'AI'>,
): Transcriber | null {
  if (env.TRANSCRIBE_URL) {
    return new OpenAiTranscriber({
      url: env.TRANSCRIBE_URL,
      apiKey: env.TRANSCRIBE_API_KEY || undefined,
      model: env.TRANSCRIBE_MODEL || undefined,
    });
  }
  if (env.AI) return new WorkersAiTranscriber(env.AI);
  return null;
}
