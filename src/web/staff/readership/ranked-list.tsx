import type { ReactNode } from 'react';
import { compactNumber } from '../../../domain/formatting.ts';

export interface RankedItem {
  key: string | number;
  label: ReactNode;
  views: number;
}

/**
 * A breakdown, biggest first, as a table whose rows carry a bar of their share: readable as it is
 * by a screen reader, and at any width.
 */
export function RankedList({
  title,
  items,
  empty,
  loading = false,
}: {
  title: string;
  items: readonly RankedItem[] | undefined;
  empty: string;
  loading?: boolean;
}) {
  const most = Math.max(1, ...(items ?? []).map((item) => item.views));
  return (
    <section className="ranked" aria-label={title}>
      <h3 className="ranked-title">{title}</h3>
      {loading || !items ? (
        <p className="muted small" aria-busy="true">
          Loading…
        </p>
      ) : items.length === 0 ? (
        <p className="muted small">{empty}</p>
      ) : (
        <table className="ranked-table">
          <caption className="visually-hidden">{title}, by views</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.key} style={{ '--share': `${(item.views / most) * 100}%` } as React.CSSProperties}>
                <th scope="row">
                  <span className="ranked-label">{item.label}</span>
                </th>
                <td>{compactNumber(item.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
