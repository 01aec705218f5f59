import { queryOptions } from '@tanstack/react-query';
import type { DashboardFigures, ReporterFigures } from '../../domain/readership/answers.ts';
import { apiRequest } from '../api/client.ts';

/** Site-wide figures for the admin dashboard; docs/product/api.md#client-conventions: no retry on failure. */
export const dashboardFiguresQuery = () =>
  queryOptions({
    queryKey: ['/api/analytics/dashboard'] as const,
    queryFn: ({ queryKey }) => apiRequest<DashboardFigures>('GET', queryKey[0]),
    retry: false,
  });

/** The signed-in reporter's own figures ("Your Stats"). */
export const myFiguresQuery = () =>
  queryOptions({
    queryKey: ['/api/analytics/me/figures'] as const,
    queryFn: ({ queryKey }) => apiRequest<ReporterFigures>('GET', queryKey[0]),
  });
