import type { Beat } from '../../domain/beats/entities.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { isValidSlug } from '../../domain/story/slug.ts';

/** GET /api/beats: every beat, by name. */
export async function listBeats(deps: { beats: Pick<BeatRepository, 'list'> }): Promise<Beat[]> {
  return deps.beats.list();
}

/** GET /api/beats/slug/{slug}: one beat; 404 for none (or a slug no beat could have). */
export async function beatBySlug(deps: { beats: Pick<BeatRepository, 'findBySlug'> }, slug: string): Promise<Beat> {
  const beat = isValidSlug(slug) ? await deps.beats.findBySlug(slug) : null;
  if (!beat) throw new NotFoundError('Beat');
  return beat;
}
