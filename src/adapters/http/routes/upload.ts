import { Hono, type Context } from 'hono';
import type { Story } from '../../../domain/story/entities.ts';
import type { StoredMedia } from '../../../domain/media/answers.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { mediaUrl } from '../../../media/media-keys.ts';
import { videoStoryFieldsSchema } from '../../../domain/media/schemas.ts';
import type { MediaKind } from '../../../domain/media/media-types.ts';
import { maxBytesFor } from '../../media/media-limits.ts';
import { storeStreamedUpload, type StoredUpload } from '../../media/streamed-upload.ts';
import { tooLarge } from '../../../domain/media/media-types.ts';
import { startPictureDerivatives } from '../../../services/media/resized-pictures.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter } from '../middleware/authenticate.ts';
import { MultipartError, boundaryOf, readMultipart } from '../multipart/multipart-reader.ts';
import { parseWith } from '../validate.ts';
import { IDEMPOTENCY_HEADER, fingerprintOf, hex, idempotencyKeyOf, underIdempotencyKey } from '../idempotency.ts';
import { editableStory, storyForVideo } from '../../../services/media/video-story.ts';

/** Room for the form's text fields and multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const FIELD_MAX_BYTES = 16 * 1024;
const FILE_FIELDS: Record<MediaKind, readonly string[]> = { image: ['file'], video: ['file', 'video'] };

export function uploadAnswer(stored: StoredUpload, story: Story | null): StoredMedia {
  return { url: mediaUrl(stored.key), key: stored.key, contentType: stored.contentType, size: stored.size, ...(story ? { story } : {}) };
}

/** Passes a file's bytes on, writing them into `digest` too (null: passes them on untouched). */
function digesting(chunks: AsyncIterable<Uint8Array>, digest: DigestStream | null): AsyncIterable<Uint8Array> {
  if (!digest) return chunks;
  const writer = digest.getWriter();
  return (async function* () {
    for await (const chunk of chunks) {
      await writer.write(chunk);
      yield chunk;
    }
    await writer.close();
  })();
}

interface Received {
  fields: Record<string, string>;
  stored: StoredUpload | null;
  /** SHA-256 (hex) of the file's bytes, when asked for; '' when no file came. */
  fileDigest: string;
}

/**
 * Reads the multipart body as a stream: text fields into `fields`, the one file part to R2 as it
 * arrives (or, with `store: false`, only through the digest). The caller deletes `stored` if it
 * refuses the upload after this returns; a failure here leaves nothing stored.
 */
async function readUpload(c: Context<AppEnv>, kind: MediaKind, { store, digest }: { store: boolean; digest: boolean }): Promise<Received> {
  const { deps } = c.var;
  const user = c.var.user!;
  const maxBytes = maxBytesFor(deps.mediaLimits, kind);
  const boundary = boundaryOf(c.req.header('Content-Type'));
  if (!boundary || !c.req.raw.body) throw new ValidationError({ file: 'Send the file as multipart/form-data' });
  const declared = Number(c.req.header('Content-Length'));
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(kind, maxBytes);

  const fields: Record<string, string> = {};
  let stored: StoredUpload | null = null;
  let fileSeen = false;
  const fileDigest = digest ? new crypto.DigestStream('SHA-256') : null;
  try {
    for await (const part of readMultipart(c.req.raw.body, boundary)) {
      if (part.filename === null) {
        fields[part.name] = await part.text(FIELD_MAX_BYTES);
      } else if (FILE_FIELDS[kind].includes(part.name)) {
        if (fileSeen) throw new ValidationError({ file: 'Send one file per upload' });
        fileSeen = true;
        const chunks = digesting(part.chunks(), fileDigest);
        if (!store) {
          for await (const chunk of chunks) void chunk;
          continue;
        }
        // Fields sent before the file are checked before anything is stored.
        if (kind === 'video' && fields.storyId !== undefined) {
          const early = parseWith(videoStoryFieldsSchema, fields);
          if (early.storyId !== null) await editableStory(deps, user, early.storyId);
        }
        stored = await storeStreamedUpload(deps.media, chunks, {
          kind,
          maxBytes,
          partSize: deps.mediaLimits.uploadPartBytes,
          now: deps.clock.now(),
        });
      }
    }
    if (!fileSeen) throw new ValidationError({ file: kind === 'video' ? 'Choose a video to upload' : 'Choose an image to upload' });
    return { fields, stored, fileDigest: fileDigest && fileSeen ? hex(await fileDigest.digest) : '' };
  } catch (error) {
    if (stored) await deps.media.delete(stored.key);
    if (error instanceof MultipartError)
      throw new ValidationError({ file: `The upload is not valid multipart/form-data: ${error.message}` });
    throw error;
  }
}

/** What a request with an Idempotency-Key asked for: the route, its fields, its file's bytes. */
function uploadFingerprint(kind: MediaKind, received: Received): Promise<string> {
  return fingerprintOf({ ...prefixed('field:', received.fields), route: `upload/${kind}`, file: received.fileDigest });
}

function prefixed(prefix: string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [`${prefix}${name}`, value]));
}

/**
 * One request, one file (docs/product/api.md#media): the multipart body is read as a stream and the file part
 * goes to R2 as it arrives. A refused or failed upload leaves nothing stored. With an
 * Idempotency-Key, a retry gets the first answer back instead of a second file and draft.
 */
async function receive(c: Context<AppEnv>, kind: MediaKind) {
  const { deps } = c.var;
  const user = c.var.user!;
  const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));

  const storeAndAnswer = async (digest: boolean) => {
    const received = await readUpload(c, kind, { store: true, digest });
    const stored = received.stored!;
    try {
      const story =
        kind === 'video' ? await storyForVideo(deps, user, parseWith(videoStoryFieldsSchema, received.fields), mediaUrl(stored.key)) : null;
      if (kind === 'image') await startPictureDerivatives(deps.jobs, stored, deps.clock.now());
      return { received, answer: uploadAnswer(stored, story) };
    } catch (error) {
      // Refused after the file was stored (bad fields, no such story, a failed row write): remove it.
      await deps.media.delete(stored.key);
      throw error;
    }
  };

  if (key === null) return c.json((await storeAndAnswer(false)).answer, 201);
  const kept = await underIdempotencyKey(
    deps.idempotencyKeys,
    { userId: user.id, key, clock: deps.clock },
    async () => {
      const { received, answer } = await storeAndAnswer(true);
      return { status: 201, body: JSON.stringify(answer), fingerprint: await uploadFingerprint(kind, received) };
    },
    async () => uploadFingerprint(kind, await readUpload(c, kind, { store: false, digest: true })),
  );
  if (kept.replayed) c.header('Idempotent-Replayed', 'true');
  c.header('Content-Type', 'application/json');
  return c.body(kept.body, kept.status as 201);
}

export const uploadRoutes = new Hono<AppEnv>()
  .post('/image', requireReporter, (c) => receive(c, 'image'))
  .post('/video', requireReporter, (c) => receive(c, 'video'));
