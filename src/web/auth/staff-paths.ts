import type { User } from '../../domain/users/entities.ts';
import { policy } from '../../domain/permissions.ts';

/**
 * Staff screens live in lazily loaded routes of their own (docs/product/screens.md); links to them go
 * by href so the reader's bundle needs nothing from those routes.
 */
export const staffPaths = {
  dashboard: '/dashboard',
  admin: '/admin',
  newStory: '/story/new',
  login: '/login',
  editStory: (id: number) => `/edit/${id}`,
  profile: '/profile',
  profileOf: (userId: number) => `/profile?userId=${userId}`,
} as const;

/** Where a user lands after signing in, or when opening /login while signed in. */
export function homeFor(user: User): string {
  return policy.isAdmin(user) ? staffPaths.admin : staffPaths.dashboard;
}
