import { Hono } from 'hono';
import { z } from 'zod';
import { ValidationError } from '../../../domain/errors.ts';
import { createUploadSchema, videoStoryFieldsSchema } from '../../../domain/media/schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { maxBytesFor } from '../../media/media-limits.ts';
import { mediaSniffer } from '../../media/sniff-media.ts';
import { abortUpload } from '../../../services/media/abort-upload.ts';
import { completeUpload, type CompleteUploadDeps } from '../../../services/media/complete-upload.ts';
import { openUpload } from '../../../services/media/open-upload.ts';
import { ownUpload, uploadView } from '../../../services/media/own-upload.ts';
import { uploadPart } from '../../../services/media/upload-part.ts';
import type { AppEnv } from '../context.ts';
import { requireReporter } from '../middleware/authenticate.ts';
import { parseWith, validate } from '../validate.ts';
import { uploadAnswer } from './upload.ts';

/**
 * Resumable uploads for large files (docs/api/uploads.md): create a session, PUT its parts (part 1
 * first: its bytes decide the type), ask which parts are done after a dropped connection, then
 * complete or abort. The use cases are in src/services/media/; each part streams straight into R2.
 */

const uploadParams = z.object({ uploadId: z.uuid({ error: 'Unknown upload' }) });
const partParams = uploadParams.extend({ n: z.coerce.number().int().min(1).max(10_000) });

const uploadDeps = (deps: AppDeps): CompleteUploadDeps => ({ ...deps, sniffer: mediaSniffer });

/** Complete's body: optional JSON (a video's story fields); an empty body is no fields. */
async function storyFields(text: string) {
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ValidationError({ body: 'The body must be JSON' });
  }
  return parseWith(videoStoryFieldsSchema, body);
}

export const resumableUploadRoutes = new Hono<AppEnv>()
  .use(requireReporter)
  .post('/', validate('json', createUploadSchema), async (c) => {
    const { deps } = c.var;
    const input = c.req.valid('json');
    const limits = {
      maxBytes: maxBytesFor(deps.mediaLimits, input.kind),
      partBytes: deps.mediaLimits.uploadPartBytes,
      sessionHours: deps.mediaLimits.uploadSessionHours,
    };
    return c.json(await openUpload(deps, c.var.user!, input, limits), 201);
  })
  .get('/:uploadId', validate('param', uploadParams), async (c) => {
    const { deps } = c.var;
    return c.json(await uploadView(deps, await ownUpload(deps, c.var.user!, c.req.valid('param').uploadId)));
  })
  .put('/:uploadId/parts/:n', validate('param', partParams), async (c) => {
    const { uploadId, n } = c.req.valid('param');
    const length = c.req.header('Content-Length');
    const part = { uploadId, n, declaredLength: length === undefined ? null : Number(length), body: c.req.raw.body };
    return c.json(await uploadPart(uploadDeps(c.var.deps), c.var.user!, part));
  })
  .post('/:uploadId/complete', validate('param', uploadParams), async (c) => {
    const { deps } = c.var;
    const user = c.var.user!;
    const uploadId = c.req.valid('param').uploadId;
    const { stored, story } = await completeUpload(uploadDeps(deps), user, uploadId, async () => storyFields(await c.req.text()));
    return c.json(uploadAnswer(stored, story), 201);
  })
  .delete('/:uploadId', validate('param', uploadParams), async (c) => {
    await abortUpload(c.var.deps, c.var.user!, c.req.valid('param').uploadId);
    return c.body(null, 204);
  });
