import type { AnalyticsQuery } from '../../domain/readership/schemas.ts';
import type { ReadershipRepository, ReadershipScope } from '../../domain/readership/ports.ts';
import type { ReporterReadership, SiteReadership } from '../../domain/readership/readership.ts';
import type { Clock } from '../../domain/time.ts';
import { rangeOrThrow } from '../../domain/readership/analytics-range.ts';
import { assembleReport, MAX_TOP_STORIES } from '../../domain/readership/readership.ts';

export interface SiteReadershipDeps {
  readership: Pick<ReadershipRepository, 'rows' | 'topStories' | 'beats'>;
  clock: Clock;
}

/** The readership of a reporter's stories: their report and their most read stories (GET /api/analytics/me). */
export async function reporterReadership(deps: SiteReadershipDeps, authorId: number, query: AnalyticsQuery): Promise<ReporterReadership> {
  const range = rangeOrThrow(query, deps.clock.now());
  const scope: ReadershipScope = { kind: 'author', authorId };
  const [rows, topStories] = await Promise.all([
    deps.readership.rows(scope, range),
    deps.readership.topStories(scope, range, MAX_TOP_STORIES),
  ]);
  return { ...assembleReport(range, rows), topStories };
}

/** The whole site's readership, its most read stories and its beats (admins: GET /api/analytics/site). */
export async function siteReadership(deps: SiteReadershipDeps, query: AnalyticsQuery): Promise<SiteReadership> {
  const range = rangeOrThrow(query, deps.clock.now());
  const [rows, topStories, beats] = await Promise.all([
    deps.readership.rows({ kind: 'site' }, range),
    deps.readership.topStories({ kind: 'site' }, range, MAX_TOP_STORIES),
    deps.readership.beats(range),
  ]);
  return { ...assembleReport(range, rows), topStories, beats };
}
