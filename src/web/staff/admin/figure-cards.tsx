import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../domain/users/entities.ts';
import { dashboardFiguresQuery } from '../figures-queries.ts';
import { compactNumber } from '../../../domain/formatting.ts';
import { LoadFailed } from '../load-failed.tsx';

/**
 * Active Reporters falls back to the active users with role reporter when the analytics call
 * gives nothing (docs/product/screens.md).
 */
export function activeReportersFallback(users: User[] | undefined): number | undefined {
  return users?.filter((user) => user.role === 'reporter' && user.isActive).length;
}

export function FigureCards({ users }: { users: User[] | undefined }) {
  const figures = useQuery(dashboardFiguresQuery());
  const data = figures.data;
  const cards = [
    { label: 'Active Reporters', value: data?.activeReporters ?? activeReportersFallback(users), tone: 'blue' },
    { label: 'Stories This Week', value: data?.storiesThisWeek, tone: 'green' },
    { label: 'Live Streams', value: data?.liveStreams, tone: 'red' },
    { label: 'Total Views', value: data?.totalViews, tone: 'amber' },
  ];
  return (
    <section aria-label="Site figures">
      <ul className="figure-grid">
        {cards.map((card) => (
          <li key={card.label} className={`figure-card figure-${card.tone}`}>
            <p className="figure-label">{card.label}</p>
            <p className="figure-value" aria-busy={figures.isPending && card.value === undefined}>
              {card.value === undefined ? '–' : compactNumber(card.value)}
            </p>
          </li>
        ))}
      </ul>
      {figures.isError ? <LoadFailed what="Site figures" retry={() => void figures.refetch()} /> : null}
    </section>
  );
}
