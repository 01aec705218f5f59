import { AudioNotReadableError, type AudioExtractor, type AudioPiece } from '../../domain/captions/ports.ts';
import type { MediaStore } from '../../domain/media/ports.ts';
import { audioPieces, AudioFormatError, type ByteSource } from '../../media/audio/extract-audio.ts';
import { isMediaKey } from '../../media/media-keys.ts';

const MEDIA_PREFIX = '/media/';

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

/** A stored video's audio, read from R2 as a stream (and by ranges where an MP4 needs it), cut into pieces (src/media/audio/). */
export class StoredVideoAudio implements AudioExtractor {
  constructor(
    private readonly media: MediaStore,
    private readonly options: { maxSeconds?: number } = {},
  ) {}

  async pieces(videoUrl: string): Promise<AsyncIterable<AudioPiece> | null> {
    if (!videoUrl.startsWith(MEDIA_PREFIX)) return null;
    const key = videoUrl.slice(MEDIA_PREFIX.length);
    if (!isMediaKey(key)) return null;
    const head = await this.media.head(key);
    if (!head) return null;
    const media = this.media;
    const source: ByteSource = {
      size: head.size,
      async read(offset, length) {
        const got = await media.get(key, length === undefined ? { offset } : { offset, length });
        if (!got) throw new AudioNotReadableError('the video is gone');
        return chunksOf(got.body as ReadableStream<Uint8Array>);
      },
    };
    const options = this.options;
    return (async function* () {
      try {
        yield* audioPieces(source, options);
      } catch (error) {
        if (error instanceof AudioFormatError) throw new AudioNotReadableError(error.message);
        throw error;
      }
    })();
  }
}
