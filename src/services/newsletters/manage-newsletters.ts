import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { NewsletterFields, NewsletterRepository } from '../../domain/newsletters/ports.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { Clock } from '../../domain/time.ts';
import { slugify } from '../../domain/story/slug.ts';
import { newsletterAnswer, type NewsletterAnswer } from '../../domain/newsletters/answers.ts';
import { policy } from '../../domain/permissions.ts';
import type { User } from '../../domain/users/entities.ts';

/** The admin's newsletters (POST and PUT /api/newsletters): the newsroom's own, and one per beat where wanted. */

interface Deps {
  newsletters: NewsletterRepository;
  beats: BeatRepository;
  clock: Clock;
}

export interface NewsletterInput {
  name?: string;
  slug?: string;
  description?: string;
  beatId?: number | null;
  senderName?: string | null;
  isActive?: boolean;
}

const slugTaken = () => new ConflictError('slug_taken', 'Another newsletter has this slug', { slug: 'Another newsletter has this slug' });

async function checkBeat(deps: Deps, beatId: number | null): Promise<void> {
  if (beatId !== null && !(await deps.beats.findById(beatId))) throw new ValidationError({ beatId: 'Choose a beat from the list' });
}

/** A blank slug is made from the name (the story slug rule); a typed slug that is taken is 409 slug_taken. */
export async function createNewsletter(deps: Deps, input: NewsletterInput & { name: string }): Promise<Newsletter> {
  const fields: NewsletterFields = {
    name: input.name,
    slug: input.slug || slugify(input.name) || 'newsletter',
    description: input.description ?? '',
    beatId: input.beatId ?? null,
    senderName: input.senderName ?? null,
    isActive: input.isActive ?? true,
  };
  await checkBeat(deps, fields.beatId);
  const created = await deps.newsletters.create(fields, deps.clock.now());
  if (!created) throw slugTaken();
  return created;
}

export async function updateNewsletter(deps: Deps, id: number, input: NewsletterInput): Promise<Newsletter> {
  const current = await deps.newsletters.findById(id);
  if (!current) throw new NotFoundError('Newsletter');
  const fields: NewsletterFields = {
    name: input.name ?? current.name,
    slug: input.slug || current.slug,
    description: input.description ?? current.description,
    beatId: input.beatId === undefined ? (current.beat?.id ?? null) : input.beatId,
    senderName: input.senderName === undefined ? current.senderName : input.senderName,
    isActive: input.isActive ?? current.isActive,
  };
  await checkBeat(deps, fields.beatId);
  const updated = await deps.newsletters.update(id, fields, deps.clock.now());
  if (updated === 'slug_taken') throw slugTaken();
  if (!updated) throw new NotFoundError('Newsletter');
  return updated;
}

/**
 * GET /api/newsletters: the active newsletters for everyone, with each one's subscribers for staff;
 * an admin asking for `all` gets the inactive ones too.
 */
export async function listNewsletters(
  deps: { newsletters: Pick<NewsletterRepository, 'list' | 'subscriberCounts'> },
  user: User | null,
  askedForAll: boolean,
): Promise<NewsletterAnswer[]> {
  const staff = policy.isReporter(user);
  const all = staff && policy.isAdmin(user) && askedForAll;
  const [list, counts] = await Promise.all([deps.newsletters.list({ all }), staff ? deps.newsletters.subscriberCounts() : null]);
  return list.map((newsletter) => newsletterAnswer(newsletter, counts ? (counts.get(newsletter.id) ?? 0) : undefined));
}

/** PUT /api/newsletters/{id}: the change, answered with the newsletter's subscribers. */
export async function updateNewsletterAnswer(deps: Deps, id: number, input: NewsletterInput): Promise<NewsletterAnswer> {
  const updated = await updateNewsletter(deps, id, input);
  return newsletterAnswer(updated, (await deps.newsletters.subscriberCounts()).get(updated.id) ?? 0);
}
