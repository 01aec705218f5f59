import type { Beat } from '../../domain/beats/entities.ts';
import type { StorySearch } from '../../domain/discovery/ports.ts';
import type { SearchHit } from '../../domain/discovery/entities.ts';
import { fediverseHandle } from '../../domain/federation/accounts.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { NewsletterRepository } from '../../domain/newsletters/ports.ts';
import { beatNewsletter } from '../../domain/newsletters/rules.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import { LIST_PAGE_SIZE } from '../../domain/site/site.ts';
import type { Story } from '../../domain/story/entities.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { isValidSlug } from '../../domain/story/slug.ts';
import type { AuthorProfile } from '../../domain/users/entities.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import { isUsername } from '../../domain/users/schemas.ts';
import { searchStories } from '../discovery/search-stories.ts';
import { fediverseSettings } from '../federation/fediverse-settings.ts';
import { authorProfile } from '../users/author-profile.ts';
import { frameRead, siteHandle, type FrameDeps, type FrameRead } from './page-frame.ts';
import { forEveryReader, listPublished } from './published-stories.ts';

/** The pages that list stories page by page: a beat's, an author's, the search results, all stories (/beta). */

interface ListDeps extends FrameDeps {
  stories: StoryRepository;
}

/** Page `page` (1-based) of a list's published stories, newest first. */
function pageOf(deps: ListDeps, page: number, filter: { beatId?: number; authorId?: number } = {}) {
  return listPublished(deps.stories, { limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE, ...filter });
}

export interface BeatPageRead extends FrameRead {
  beat: Beat;
  page: number;
  stories: Story[];
  total: number;
  newsletter: Newsletter | null;
  xHandle: string | null;
}

/** /beat/{slug}: the beat, a page of its stories and its newsletter; `beat: null` with the frame when there is no such beat. */
export async function beatPage(
  deps: ListDeps & { settings: SettingsRepository; newsletters: NewsletterRepository },
  slug: string,
  page: number,
): Promise<BeatPageRead | (FrameRead & { beat: null })> {
  const [beat, frame] = await Promise.all([isValidSlug(slug) ? deps.beats.findBySlug(slug) : null, frameRead(deps)]);
  if (!beat) return { ...frame, beat: null };
  const [{ items, total }, xHandle, newsletters] = await Promise.all([
    pageOf(deps, page, { beatId: beat.id }),
    siteHandle(deps.settings),
    deps.newsletters.list(),
  ]);
  return { ...frame, beat, page, stories: items, total, newsletter: beatNewsletter(newsletters, beat.id), xHandle };
}

export interface AuthorPageRead extends FrameRead {
  author: AuthorProfile;
  page: number;
  stories: Story[];
  total: number;
  /** Their handle in the fediverse: only staff with a published story are accounts there. */
  fediverseHandle: string | null;
  xHandle: string | null;
}

/** /author/{username}: the person, a page of their stories; `author: null` with the frame when they have no page. */
export async function authorPage(
  deps: ListDeps & { users: UserRepository; settings: SettingsRepository; siteOrigin: string | null },
  request: { username: string; page: number; origin: string },
): Promise<AuthorPageRead | (FrameRead & { author: null })> {
  const [author, frame] = await Promise.all([isUsername(request.username) ? authorProfile(deps, request.username) : null, frameRead(deps)]);
  if (!author) return { ...frame, author: null };
  const [{ items, total }, xHandle, fediverse] = await Promise.all([
    pageOf(deps, request.page, { authorId: author.id }),
    siteHandle(deps.settings),
    fediverseSettings(deps),
  ]);
  return {
    ...frame,
    author,
    page: request.page,
    stories: items,
    total,
    fediverseHandle: total > 0 ? fediverseHandle(author.username, fediverse.origin ?? request.origin) : null,
    xHandle,
  };
}

export interface SearchPageRead extends FrameRead {
  query: string;
  page: number;
  total: number;
  hits: SearchHit[];
}

/** /search?q=: published stories matching the query, best first, a page at a time. */
export async function searchPage(deps: FrameDeps & { search: StorySearch }, query: string, page: number): Promise<SearchPageRead> {
  const [found, frame] = await Promise.all([
    searchStories(deps, null, { text: query, scope: 'public', limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
    frameRead(deps),
  ]);
  return { ...frame, query, page, ...found };
}

export interface AllStoriesRead extends FrameRead {
  featured: Story | null;
  page: number;
  stories: Story[];
  total: number;
  /** `?beat=`: the beat asked for by its slug, and whether it exists. */
  beat: { slug: string; found: Beat | null } | null;
}

/** /beta: the featured story over every published story, page by page; within one beat with `?beat=`. */
export async function allStoriesPage(deps: ListDeps, request: { page: number; beat: string | null }): Promise<AllStoriesRead> {
  const [frame, featured, beat] = await Promise.all([
    frameRead(deps),
    deps.stories.findFeatured().then((story) => story && forEveryReader(story)),
    request.beat && isValidSlug(request.beat) ? deps.beats.findBySlug(request.beat) : null,
  ]);
  const asked = request.beat ? { slug: request.beat, found: beat } : null;
  if (asked && !beat) return { ...frame, featured, page: request.page, stories: [], total: 0, beat: asked };
  const { items, total } = await pageOf(deps, request.page, beat ? { beatId: beat.id } : {});
  return { ...frame, featured, page: request.page, stories: items, total, beat: asked };
}
