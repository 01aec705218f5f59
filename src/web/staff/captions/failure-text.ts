import { ApiError } from '../../api/client.ts';

/** What an API failure says to a person: 503 transcription_not_configured in words, else the server's message. */
export function failureText(failure: unknown): string {
  if (failure instanceof ApiError) {
    if (failure.code === 'transcription_not_configured')
      return 'No transcriber is set up for this newsroom, so captions cannot be made automatically. Upload a .vtt or .srt file instead.';
    if (failure.code === 'stale_version') return 'Someone changed these captions after you opened them.';
    return failure.fields.file ?? failure.serverMessage ?? failure.message;
  }
  return 'The network failed. Try again.';
}
