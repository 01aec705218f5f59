import type { AudioPiece, Transcriber, TranscribeOutcome } from '../../domain/captions/ports.ts';
import { transcriptionFrom } from './transcription-answer.ts';

export interface OpenAiTranscriberOptions {
  /** The endpoint itself, e.g. http://127.0.0.1:9000/v1/audio/transcriptions (TRANSCRIBE_URL). */
  url: string;
  apiKey?: string;
  model?: string;
  /** A request that takes longer is given up and tried again later. */
  timeoutMs?: number;
  /** Quick tries within one call before the job's own backoff takes over (429 and 5xx). */
  quickRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_MODEL = 'whisper-1';
/** Retry-After this long or less is waited out in the call; longer goes back to the job's backoff. */
const MAX_QUICK_WAIT_MS = 2000;

function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, (date - Date.now()) / 1000) : undefined;
}

/**
 * Any server that speaks OpenAI's transcription API (decision 126): OpenAI itself, a self-hosted
 * whisper.cpp or faster-whisper server, the tests' stand-in. POST multipart `file`, `model`,
 * `response_format=verbose_json`, `language` when known; `Authorization: Bearer` when a key is set.
 */
export class OpenAiTranscriber implements Transcriber {
  readonly name: string;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: OpenAiTranscriberOptions) {
    this.name = `openai-compatible (${options.model ?? DEFAULT_MODEL})`;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async transcribe(piece: AudioPiece, { language }: { language: string | null }): Promise<TranscribeOutcome> {
    const tries = 1 + (this.options.quickRetries ?? 2);
    let outcome: TranscribeOutcome = { ok: false, retry: true, error: 'not tried' };
    for (let attempt = 1; attempt <= tries; attempt++) {
      outcome = await this.once(piece, language);
      if (outcome.ok || !outcome.retry || attempt === tries) return outcome;
      const wait = outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : 250 * 2 ** attempt;
      if (wait > MAX_QUICK_WAIT_MS) return outcome;
      await this.sleep(wait);
    }
    return outcome;
  }

  private async once(piece: AudioPiece, language: string | null): Promise<TranscribeOutcome> {
    const form = new FormData();
    form.set('file', new Blob([piece.bytes], { type: piece.contentType }), piece.filename);
    form.set('model', this.options.model ?? DEFAULT_MODEL);
    form.set('response_format', 'verbose_json');
    if (language) form.set('language', language.split('-')[0]!);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    let res: Response;
    try {
      res = await fetch(this.options.url, {
        method: 'POST',
        body: form,
        headers,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
      });
    } catch (error) {
      return {
        ok: false,
        retry: true,
        error: `the transcriber could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      return {
        ok: false,
        retry: true,
        error: `the transcriber answered ${res.status}`,
        retryAfterSeconds: retryAfterSeconds(res.headers.get('Retry-After')),
      };
    }
    const text = await res.text();
    if (!res.ok) return { ok: false, retry: false, error: `the transcriber refused the audio (${res.status}): ${text.slice(0, 200)}` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, retry: false, error: 'the transcriber answered something that is not JSON' };
    }
    return transcriptionFrom(body, piece.duration);
  }
}
