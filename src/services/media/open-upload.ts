import type { CreateUploadInput } from '../../domain/media/schemas.ts';
import type { UploadSessionView } from '../../domain/media/answers.ts';
import type { User } from '../../domain/users/entities.ts';
import { tooLarge } from '../../domain/media/media-types.ts';
import { addSeconds } from '../../domain/time.ts';
import { planParts } from '../../media/part-plan.ts';
import { uploadView, type UploadDeps } from './own-upload.ts';

/** The settings an upload session is opened with (wrangler.toml's media limits). */
export interface UploadLimits {
  /** The largest file of this kind. */
  maxBytes: number;
  /** The preferred part size (the plan may take larger parts for a very large file). */
  partBytes: number;
  /** How long the session may be continued. */
  sessionHours: number;
}

/** Opens a resumable upload (docs/api/uploads.md): a file too large for its kind is refused (413) before any byte is sent. */
export async function openUpload(
  deps: Pick<UploadDeps, 'uploads' | 'clock'>,
  user: User,
  input: CreateUploadInput,
  limits: UploadLimits,
): Promise<UploadSessionView> {
  if (input.size > limits.maxBytes) throw tooLarge(input.kind, limits.maxBytes);
  const now = deps.clock.now();
  const session = await deps.uploads.create({
    id: crypto.randomUUID(),
    ownerId: user.id,
    kind: input.kind,
    filename: input.filename ?? null,
    ...planParts(input.size, limits.partBytes),
    createdAt: now,
    expiresAt: addSeconds(now, limits.sessionHours * 3600),
  });
  return uploadView(deps, session);
}
