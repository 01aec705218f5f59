import { useQuery } from '@tanstack/react-query';
import type { ActivityDeliveries } from '../../../domain/federation/ports.ts';
import { relativeTime } from '../../../domain/relative-time.ts';
import { plural } from '../readership/chart-text.ts';
import { storyFediverseQuery } from './fediverse-api.ts';
import './fediverse.css';
import { countOf } from '../../../domain/plural.ts';

const WHAT: Record<ActivityDeliveries['type'], string> = {
  Create: 'Published',
  Update: 'Update',
  Delete: 'Taken down',
  Announce: 'Boosted by the newsroom',
  Accept: 'Follow accepted',
};

function deliveryLine(activity: ActivityDeliveries): string {
  if (activity.inboxes === 0) return 'no follower yet';
  const parts = [`${activity.delivered} of ${plural(activity.inboxes, 'server')} reached`];
  if (activity.pending > 0) parts.push(`${activity.pending} retrying`);
  if (activity.failed > 0) parts.push(`${activity.failed} refused`);
  if (activity.gone > 0) parts.push(`${activity.gone} gone`);
  return parts.join(' · ');
}

/** The readership card's fediverse part: likes and boosts, replies, and how each delivery went (docs/product/api-fediverse.md). */
export function StoryFediverse({ storyId }: { storyId: number }) {
  const { data } = useQuery(storyFediverseQuery(storyId));
  if (!data) return null;
  const now = new Date();
  return (
    <div className="story-fediverse" aria-label="On the fediverse">
      <h3 className="readership-subtitle">On the fediverse</h3>
      <p className="story-fediverse-figures">
        <span data-testid="fediverse-likes">{plural(data.likes, 'like')}</span> ·{' '}
        <span data-testid="fediverse-boosts">{plural(data.boosts, 'boost')}</span> · {countOf(data.replies.approved, 'reply', 'replies')}{' '}
        shown
        {data.replies.pending > 0 ? `, ${data.replies.pending} waiting` : ''}
      </p>
      {data.activities.length > 0 ? (
        <ul className="story-deliveries">
          {data.activities.map((activity) => (
            <li key={activity.id}>
              <strong>{WHAT[activity.type]}</strong> <span className="muted">{relativeTime(activity.createdAt, now)}</span>:{' '}
              {deliveryLine(activity)}
              {activity.problems.length > 0 ? (
                <span className="muted">
                  {' '}
                  ({activity.problems.map((problem) => `${problem.host}: ${problem.status ?? problem.error}`).join('; ')})
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">Followers hear of the story when it is published.</p>
      )}
    </div>
  );
}
