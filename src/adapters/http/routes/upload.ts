import { Hono, type Context } from 'hono';
import type { Story, StoredMedia } from '../../../domain/entities.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { mediaUrl } from '../../../media/media-keys.ts';
import { videoStoryFieldsSchema } from '../../../domain/media-schemas.ts';
import type { MediaKind } from '../../../domain/media-types.ts';
import { maxBytesFor } from '../../media/media-limits.ts';
import { storeStreamedUpload, tooLarge, type StoredUpload } from '../../media/streamed-upload.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter } from '../middleware/authenticate.ts';
import { MultipartError, boundaryOf, readMultipart } from '../multipart/multipart-reader.ts';
import { parseWith } from '../validate.ts';
import { editableStory, storyForVideo } from '../../../services/video-story.ts';

/** Room for the form's text fields and multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const FIELD_MAX_BYTES = 16 * 1024;
const FILE_FIELDS: Record<MediaKind, readonly string[]> = { image: ['file'], video: ['file', 'video'] };

export function uploadAnswer(stored: StoredUpload, story: Story | null): StoredMedia {
  return { url: mediaUrl(stored.key), key: stored.key, contentType: stored.contentType, size: stored.size, ...(story ? { story } : {}) };
}

/**
 * One request, one file (API.md "Media"): the multipart body is read as a stream and the file part
 * goes to R2 as it arrives. A refused or failed upload leaves nothing stored.
 */
async function receive(c: Context<AppEnv>, kind: MediaKind) {
  const { deps } = c.var;
  const user = c.var.user!;
  const maxBytes = maxBytesFor(deps.mediaLimits, kind);
  const boundary = boundaryOf(c.req.header('Content-Type'));
  if (!boundary || !c.req.raw.body) throw new ValidationError({ file: 'Send the file as multipart/form-data' });
  const declared = Number(c.req.header('Content-Length'));
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(kind, maxBytes);

  const fields: Record<string, string> = {};
  let stored: StoredUpload | null = null;
  try {
    for await (const part of readMultipart(c.req.raw.body, boundary)) {
      if (part.filename === null) {
        fields[part.name] = await part.text(FIELD_MAX_BYTES);
      } else if (FILE_FIELDS[kind].includes(part.name)) {
        if (stored) throw new ValidationError({ file: 'Send one file per upload' });
        // Fields sent before the file are checked before anything is stored.
        if (kind === 'video' && fields.storyId !== undefined) {
          const early = parseWith(videoStoryFieldsSchema, fields);
          if (early.storyId !== null) await editableStory(deps, user, early.storyId);
        }
        stored = await storeStreamedUpload(deps.media, part.chunks(), { kind, maxBytes, partSize: deps.mediaLimits.uploadPartBytes, now: deps.clock.now() });
      }
    }
    if (!stored) throw new ValidationError({ file: kind === 'video' ? 'Choose a video to upload' : 'Choose an image to upload' });
    const story = kind === 'video' ? await storyForVideo(deps, user, parseWith(videoStoryFieldsSchema, fields), mediaUrl(stored.key)) : null;
    return c.json(uploadAnswer(stored, story), 201);
  } catch (error) {
    // Refused after the file was stored (bad fields, no such story, a failed row write): remove it.
    if (stored) await deps.media.delete(stored.key);
    if (error instanceof MultipartError) throw new ValidationError({ file: `The upload is not valid multipart/form-data: ${error.message}` });
    throw error;
  }
}

export const uploadRoutes = new Hono<AppEnv>()
  .post('/image', requireReporter, (c) => receive(c, 'image'))
  .post('/video', requireReporter, (c) => receive(c, 'video'));
