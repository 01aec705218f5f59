import { alertView, type AlertView } from '../../domain/alerts/alert.ts';
import type { AlertRepository } from '../../domain/alerts/ports.ts';
import type { User } from '../../domain/users/entities.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { BeatRepository } from '../../domain/beats/ports.ts';
import type { StoryRepository } from '../../domain/story/ports.ts';
import { editableOrThrow } from '../story/story-save.ts';
import { topicOfStored } from './topic-keys.ts';

type Deps = { alerts: AlertRepository; beats: Pick<BeatRepository, 'list'> };

/** GET /api/alerts/{id} (staff): its progress and figures, read as they grow. */
export async function readAlert(deps: Deps, id: number): Promise<AlertView> {
  const alert = await deps.alerts.findById(id);
  if (!alert) throw new NotFoundError('Alert');
  return alertView(alert, await topicOfStored(deps.beats, alert.topic));
}

/** GET /api/stories/{id}/alerts (the story's author or an admin): the alerts sent for it, newest first. */
export async function listStoryAlerts(
  deps: Deps & { stories: Pick<StoryRepository, 'findById'> },
  user: User,
  storyId: number,
): Promise<AlertView[]> {
  editableOrThrow(user, await deps.stories.findById(storyId));
  const alerts = await deps.alerts.listForStory(storyId);
  return Promise.all(alerts.map(async (alert) => alertView(alert, await topicOfStored(deps.beats, alert.topic))));
}
