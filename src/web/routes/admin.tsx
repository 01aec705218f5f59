import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../staff/admin/admin-page.tsx';

/** The admin dashboard; lazily loaded, so readers never download it. */
export const Route = createFileRoute('/admin')({
  component: AdminPage,
});
