import { ALERT_ICON_PATH, alertView, shortened, type AlertView } from '../../domain/alerts/alert.ts';
import type { AlertRepository, PushKeys } from '../../domain/alerts/ports.ts';
import { ALERT_BODY_MAX, ALERT_TITLE_MAX, type SendAlertInput } from '../../domain/alerts/schemas.ts';
import type { AuditEntry } from '../../domain/audit/audit.ts';
import type { User } from '../../domain/users/entities.ts';
import { ConflictError, NotConfiguredError } from '../../domain/errors.ts';
import type { JobFanOut } from '../../domain/jobs/ports.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { Clock } from '../../domain/time.ts';
import type { SettingsRepository } from '../../domain/site/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import type { UserRepository } from '../../domain/users/ports.ts';
import { storyPath } from '../../domain/site/site.ts';
import { sendJobMessages } from '../jobs/start-jobs.ts';
import { editableOrThrow } from '../story/story-save.ts';
import { alertContact } from './alert-settings.ts';
import { ALERTS_NOT_CONFIGURED } from './subscribe-to-alerts.ts';
import { topicKeysOf } from './topic-keys.ts';

export interface SendAlertDeps {
  stories: Pick<StoryRepository, 'findById'>;
  beats: Pick<BeatRepository, 'list'>;
  alerts: AlertRepository;
  settings: SettingsRepository;
  users: Pick<UserRepository, 'list'>;
  pushKeys: PushKeys;
  jobs: Pick<JobFanOut, 'queue'>;
  clock: Clock;
}

/**
 * POST /api/stories/{id}/alert (docs/product/api-alerts.md): the story's author or an admin pushes a
 * published story to the readers of one topic, once per story and topic. What the lock screen shows
 * defaults to the story's title and description. The audience is frozen and pushed by the fan-out
 * (decision 065) from the job written with the alert; the answer is the alert, queued.
 */
export async function sendAlert(
  deps: SendAlertDeps,
  user: User,
  storyId: number,
  input: SendAlertInput,
  origin: string,
): Promise<AlertView> {
  const story = editableOrThrow(user, await deps.stories.findById(storyId));
  if (story.status !== 'published') throw new ConflictError('not_published', 'Only a published story can be sent as an alert');
  if (deps.pushKeys.publicKey === null) throw ALERTS_NOT_CONFIGURED();
  const [topic] = await topicKeysOf(deps.beats, [input.topic], 'topic');
  const contact = await alertContact(deps);
  if (contact === null) {
    throw new NotConfiguredError(
      'alerts_contact_missing',
      'Push services need an address to write to: set one under Admin, Breaking-news alerts, before sending alerts',
    );
  }
  const title = input.title ?? shortened(story.title, ALERT_TITLE_MAX);
  const body = input.body ?? shortened(story.description, ALERT_BODY_MAX);
  const audit: AuditEntry[] = [
    {
      action: 'story.alert_sent',
      actorId: user.id,
      target: { type: 'story', id: story.id, label: story.title },
      detail: { topic: input.topic, title },
    },
  ];
  const outcome = await deps.alerts.create(
    {
      storyId: story.id,
      topic: topic!,
      title,
      body,
      url: new URL(storyPath(story), origin).href,
      icon: new URL(ALERT_ICON_PATH, origin).href,
      contact,
      sentBy: user.id,
    },
    deps.clock.now(),
    audit,
  );
  if ('existing' in outcome) {
    throw new ConflictError('already_alerted', `This story was already sent as an alert on ${input.topic}`, undefined, {
      alertId: outcome.existing,
    });
  }
  await sendJobMessages(deps.jobs.queue, outcome.jobs);
  return alertView(outcome.created, input.topic);
}
