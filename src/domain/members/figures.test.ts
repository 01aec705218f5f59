import { describe, expect, it } from 'vitest';
import { figureSeries } from './figures.ts';
import type { FigureChanges } from './revenue-ports.ts';

const none: FigureChanges = {
  readersBefore: 0,
  readersJoined: {},
  paidBefore: { count: 0, worth: 0 },
  paidStarted: {},
  paidEnded: {},
  compedBefore: 0,
  compsStarted: {},
  compsEnded: {},
  cancelled: {},
  donations: {},
};

describe('members over time', () => {
  it('runs the day’s changes on from what held before the range', () => {
    const { series, months } = figureSeries(
      {
        ...none,
        readersBefore: 10,
        readersJoined: { '2026-01-31': 2, '2026-02-01': 1 },
        paidBefore: { count: 3, worth: 1500 },
        paidStarted: { '2026-01-31': { count: 1, worth: 417 } },
        paidEnded: { '2026-02-01': { count: 2, worth: 1000 } },
        compedBefore: 1,
        compsEnded: { '2026-02-01': 1 },
        cancelled: { '2026-01-31': 2 },
        donations: { '2026-02-01': { count: 2, amount: 2500 } },
      },
      ['2026-01-31T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    );
    expect(series).toEqual([
      { t: '2026-01-31T00:00:00.000Z', paid: 4, comped: 1, free: 7, mrr: 1917 },
      { t: '2026-02-01T00:00:00.000Z', paid: 2, comped: 0, free: 11, mrr: 917 },
    ]);
    expect(months).toEqual([
      { month: '2026-01', new: 1, cancelled: 2, donations: { count: 0, amount: 0 } },
      { month: '2026-02', new: 0, cancelled: 0, donations: { count: 2, amount: 2500 } },
    ]);
  });
});
