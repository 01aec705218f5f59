import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../staff/dashboard/dashboard-page.tsx';

/** The reporter dashboard; lazily loaded, so readers never download it. */
export const Route = createFileRoute('/dashboard')({
  component: DashboardPage,
});
