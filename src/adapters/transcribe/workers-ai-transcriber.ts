import type { AudioPiece, Transcriber, TranscribeOutcome } from '../../domain/captions/ports.ts';
import { toBase64 } from '../../media/base64.ts';
import { transcriptionFrom } from './transcription-answer.ts';

export const WORKERS_AI_WHISPER = '@cf/openai/whisper-large-v3-turbo';

/**
 * Cloudflare Workers AI's whisper (decision 126), where wrangler.toml binds `AI`: the audio as
 * base64, the language when known; it answers segments like OpenAI's verbose_json. Its failures are
 * capacity (try again later) unless it says the input was bad.
 */
export class WorkersAiTranscriber implements Transcriber {
  readonly name = 'workers-ai';

  constructor(private readonly ai: Ai) {}

  async transcribe(piece: AudioPiece, { language }: { language: string | null }): Promise<TranscribeOutcome> {
    try {
      const answer = await this.ai.run(WORKERS_AI_WHISPER, {
        audio: toBase64(piece.bytes),
        task: 'transcribe',
        ...(language ? { language: language.split('-')[0]! } : {}),
      });
      return transcriptionFrom(answer, piece.duration);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const badInput = /invalid|decode|unsupported|bad input/i.test(message);
      return { ok: false, retry: !badInput, error: `Workers AI: ${message}` };
    }
  }
}
