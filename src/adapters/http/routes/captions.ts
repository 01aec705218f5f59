import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toWebVtt } from '../../../domain/captions/caption-file.ts';
import { MAX_CAPTION_FILE_BYTES } from '../../../domain/captions/cues.ts';
import { captionEditSchema, captionUploadFieldsSchema, generateCaptionsSchema, trackIdSchema } from '../../../domain/captions/schemas.ts';
import { PayloadTooLargeError, ValidationError } from '../../../domain/errors.ts';
import { isGated } from '../../../domain/members/access.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import type { Story } from '../../../domain/story/entities.ts';
import {
  deleteCaptionTrack,
  editCaptionTrack,
  generateCaptionTrack,
  listCaptionTracks,
  readCaptionTrack,
  trackAnswer,
  uploadCaptionTrack,
  type CaptionReader,
} from '../../../services/captions/caption-tracks.ts';
import type { AppEnv } from '../context.ts';
import { ACCESS_HEADER } from '../middleware/edge-cache.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { optionalJson, parseWith, validate } from '../validate.ts';

/**
 * Caption tracks (docs/product/api-captions.md). Reads are under /api/stories/*, so the edge cache
 * keeps them (one copy per reader level of a gated story, which says so in ACCESS_HEADER) and every
 * change through here renews them; a transcription finished by the fan-out renews them itself.
 */
const trackParamSchema = idParamSchema.extend({ trackId: trackIdSchema });
const fileParamSchema = idParamSchema.extend({ file: z.string().regex(/^[0-9a-f-]{36}\.vtt$/) });

async function readerOf(c: Context<AppEnv>): Promise<CaptionReader> {
  return { user: c.var.user, level: c.var.user ? 'paid' : await c.var.readerLevelOf(c) };
}

/** A gated story's captions differ by reader level, as its text does (decision 090). */
function markAccess(c: Context<AppEnv>, story: Story): void {
  if (!c.var.user && isGated(story)) c.header(ACCESS_HEADER, story.access);
}

/** Room for the form's fields and framing around a 1 MB file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

async function captionUpload(c: Context<AppEnv>) {
  const declared = Number(c.req.header('Content-Length'));
  if (Number.isFinite(declared) && declared > MAX_CAPTION_FILE_BYTES + FORM_OVERHEAD_BYTES) {
    throw new PayloadTooLargeError('A caption file is at most 1 MB', { file: 'At most 1 MB' });
  }
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new ValidationError({ file: 'Send the caption file as multipart/form-data, field "file"' });
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ValidationError({ file: 'The form could not be read' });
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw new ValidationError({ file: 'Attach a .vtt or .srt file as "file"' });
  const fields = parseWith(captionUploadFieldsSchema, {
    lang: form.get('lang') ?? undefined,
    label: typeof form.get('label') === 'string' && form.get('label') !== '' ? form.get('label') : undefined,
  });
  return { file: new Uint8Array(await file.arrayBuffer()), ...fields };
}

export const captionRoutes = new Hono<AppEnv>()
  .get('/:id/captions', validate('param', idParamSchema), async (c) => {
    const { story, tracks } = await listCaptionTracks(c.var.deps, await readerOf(c), c.req.valid('param').id);
    markAccess(c, story);
    return c.json(tracks);
  })
  // The file players load (<track src>, HLS): valid WebVTT, for any site's player.
  // A path of a track id and .vtt; anything else under /captions/ is the JSON read below.
  .get('/:id/captions/:file{[0-9a-f-]{36}\\.vtt}', validate('param', fileParamSchema), async (c) => {
    const { id, file } = c.req.valid('param');
    const { story, track } = await readCaptionTrack(c.var.deps, await readerOf(c), id, file.slice(0, -'.vtt'.length));
    markAccess(c, story);
    c.header('Access-Control-Allow-Origin', '*');
    return c.body(toWebVtt(track.cues), 200, { 'Content-Type': 'text/vtt; charset=utf-8' });
  })
  .get('/:id/captions/:trackId', validate('param', trackParamSchema), async (c) => {
    const { id, trackId } = c.req.valid('param');
    const { story, track, staff } = await readCaptionTrack(c.var.deps, await readerOf(c), id, trackId);
    markAccess(c, story);
    return c.json(trackAnswer(track, { cues: true, staff }));
  })
  .post('/:id/captions/generate', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const body = await optionalJson(c, generateCaptionsSchema);
    return c.json(await generateCaptionTrack(c.var.deps, c.var.user!, c.req.valid('param').id, body.lang), 202);
  })
  .post('/:id/captions', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const upload = await captionUpload(c);
    return c.json(await uploadCaptionTrack(c.var.deps, c.var.user!, c.req.valid('param').id, upload), 201);
  })
  .put('/:id/captions/:trackId', requireSignedIn, validate('param', trackParamSchema), validate('json', captionEditSchema), async (c) => {
    const { id, trackId } = c.req.valid('param');
    return c.json(await editCaptionTrack(c.var.deps, c.var.user!, id, trackId, c.req.valid('json')));
  })
  .delete('/:id/captions/:trackId', requireSignedIn, validate('param', trackParamSchema), async (c) => {
    const { id, trackId } = c.req.valid('param');
    await deleteCaptionTrack(c.var.deps, c.var.user!, id, trackId);
    return c.body(null, 204);
  });
