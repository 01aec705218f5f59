import type { ReaderLevel } from '../../domain/members/access.ts';
import type { ReaderLevels } from '../../domain/members/ports.ts';
import type { ReaderRepository } from '../../domain/readers/ports.ts';

/**
 * The level a reader's browser reads at (decision 090): anonymous without a live reader session,
 * else free or paid as members' storage says now. Staff never come here: they read every story whole.
 */
export async function readerLevelOfSession(
  deps: { readers: ReaderRepository; readerLevels: ReaderLevels },
  sessionHash: string | null,
  now: string,
): Promise<ReaderLevel> {
  if (!sessionHash) return 'anonymous';
  const reader = await deps.readers.findBySession(sessionHash, now);
  return reader ? deps.readerLevels.levelOf(reader.id, now) : 'anonymous';
}
