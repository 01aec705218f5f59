import type { Beat } from '../../domain/beats/entities.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { CreateBeatInput, UpdateBeatInput } from '../../domain/beats/schemas.ts';
import { firstFreeSlug, slugify } from '../../domain/story/slug.ts';

/** For a name with no character a slug keeps (a name in another script, say). */
const FALLBACK_BEAT_SLUG = 'beat';
/** Two admins naming beats alike at the same moment; the bound only stops a runaway loop. */
const SLUG_ATTEMPTS = 8;

interface BeatSaveDeps {
  beats: BeatRepository;
  clock: Clock;
}

/**
 * A beat's slug follows its name (docs/product/rules.md, "Slugs"): made by the story slug rule,
 * with -2, -3, ... when another beat has it. Renaming a beat moves its page.
 */
async function withFreeSlug<T>(
  deps: BeatSaveDeps,
  name: string,
  excludeId: number | undefined,
  save: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const taken = new Set((await deps.beats.list()).filter((beat) => beat.id !== excludeId).map((beat) => beat.slug));
    try {
      return await save(firstFreeSlug(slugify(name) || FALLBACK_BEAT_SLUG, taken));
    } catch (error) {
      const lostRace = error instanceof ConflictError && error.code === 'beat_slug_taken';
      if (!lostRace || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

export function createBeat(deps: BeatSaveDeps, input: CreateBeatInput, now: string = deps.clock.now()): Promise<Beat> {
  return withFreeSlug(deps, input.name, undefined, (slug) => deps.beats.create({ ...input, slug }, now));
}

export function updateBeat(deps: BeatSaveDeps, id: number, patch: UpdateBeatInput): Promise<Beat | null> {
  const { name } = patch;
  if (name === undefined) return deps.beats.update(id, patch);
  return withFreeSlug(deps, name, id, (slug) => deps.beats.update(id, { ...patch, slug }));
}
