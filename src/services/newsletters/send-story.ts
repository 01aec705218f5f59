import type { Story } from '../../domain/story/entities.ts';
import { contentForEveryone } from '../../domain/members/reading.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../domain/errors.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import type { Newsletter, Send } from '../../domain/newsletters/entities.ts';
import type { Issue, IssueMail, NewsletterRepository, SendRepository } from '../../domain/newsletters/ports.ts';
import { NEWSLETTER_SETTINGS_KEY, readNewsletterSettings } from '../../domain/newsletters/rules.ts';
import { policy } from '../../domain/permissions.ts';
import type { Clock } from '../../domain/time.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';

/**
 * Sending a story as a newsletter (POST /api/stories/{id}/send; decision 083): the story's author or
 * an admin, a published story (sent now) or a scheduled one (sent when it is published), once per
 * story and newsletter.
 */

interface SendDeps {
  stories: StoryRepository;
  newsletters: NewsletterRepository;
  sends: SendRepository;
  settings: SettingsRepository;
  issueMail: IssueMail;
  jobs: JobFanOut;
  clock: Clock;
}

/** The story, if the caller may send it (its author or an admin; 404 for anyone else, as for drafts). */
export async function sendableStory(deps: { stories: StoryRepository }, user: User, storyId: number): Promise<Story> {
  const story = await deps.stories.findById(storyId);
  if (!story || !policy.canEditStory(user, story)) throw new NotFoundError('Story');
  return story;
}

async function activeNewsletter(deps: { newsletters: NewsletterRepository }, slug: string): Promise<Newsletter> {
  const newsletter = await deps.newsletters.findBySlug(slug);
  if (!newsletter?.isActive) throw new NotFoundError('Newsletter');
  return newsletter;
}

export async function issueOf(
  deps: { settings: SettingsRepository },
  story: Story,
  newsletter: Newsletter,
  origin: string,
  sendId: number | null,
): Promise<Issue> {
  const { postalAddress } = readNewsletterSettings(await deps.settings.get(NEWSLETTER_SETTINGS_KEY));
  return { story: { ...story, content: contentForEveryone(story) }, newsletter, origin, postalAddress, sendId };
}

export async function sendStory(deps: SendDeps, user: User, input: { storyId: number; newsletter: string; origin: string }): Promise<Send> {
  const story = await sendableStory(deps, user, input.storyId);
  const newsletter = await activeNewsletter(deps, input.newsletter);
  if (story.status !== 'published' && story.status !== 'scheduled')
    throw new ConflictError('not_published', 'Only a published story can be sent (or a scheduled one, which is sent when it is published)');
  const now = deps.clock.now();
  const created = await deps.sends.create(
    { storyId: story.id, newsletterId: newsletter.id, createdBy: user.id, origin: input.origin, start: story.status === 'published' },
    now,
  );
  if (!created) throw new ConflictError('already_sent', `This story has already been sent to ${newsletter.name}`);
  await sendJobMessages(deps.jobs.queue, created.jobs);
  return created.send;
}

/** `test: true`: the issue mailed to the caller alone, now (nothing is recorded and no subscriber gets it). */
export async function sendTestIssue(
  deps: SendDeps,
  user: User,
  input: { storyId: number; newsletter: string; origin: string },
): Promise<void> {
  const story = await sendableStory(deps, user, input.storyId);
  const newsletter = await activeNewsletter(deps, input.newsletter);
  const issue = { ...(await issueOf(deps, story, newsletter, input.origin, null)), test: true };
  const [outcome] = await deps.issueMail.deliver(issue, [{ id: 0, email: user.email, unsubscribeUrl: `${input.origin}/account` }]);
  if (outcome?.status === 'deferred')
    throw new ServiceUnavailableError('mail_unavailable', 'The mail server cannot take mail right now. Try again in a few minutes.');
}

/** The issue's HTML as the editor previews it (desktop and phone widths). */
export async function previewIssue(
  deps: SendDeps,
  user: User,
  input: { storyId: number; newsletter: string; origin: string },
): Promise<string> {
  const story = await sendableStory(deps, user, input.storyId);
  const newsletter = await activeNewsletter(deps, input.newsletter);
  return deps.issueMail.preview(await issueOf(deps, story, newsletter, input.origin, null));
}

/** GET /api/sends/{id}: the story's author or an admin (404 for anyone else). */
export async function sendFor(deps: { sends: SendRepository; stories: StoryRepository }, user: User, id: number): Promise<Send> {
  const send = await deps.sends.findById(id);
  if (!send) throw new NotFoundError('Send');
  await sendableStory(deps, user, send.storyId).catch(() => {
    throw new NotFoundError('Send');
  });
  return send;
}

/** GET /api/newsletters/{id}/sends: every send for an admin; a reporter sees the sends of their own stories. */
export async function sendsOf(
  deps: { sends: SendRepository; stories: StoryRepository; newsletters: NewsletterRepository },
  user: User,
  newsletterId: number,
): Promise<Send[]> {
  if (!(await deps.newsletters.findById(newsletterId))) throw new NotFoundError('Newsletter');
  const sends = await deps.sends.listForNewsletter(newsletterId);
  if (policy.isAdmin(user)) return sends;
  const mine = await Promise.all(sends.map(async (send) => (await deps.stories.findById(send.storyId))?.authorId === user.id));
  return sends.filter((_, index) => mine[index]);
}
