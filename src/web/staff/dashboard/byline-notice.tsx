import type { User } from '../../../domain/users/entities.ts';
import { authorName } from '../../../domain/story/byline.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { staffPaths } from '../../auth/staff-paths.ts';

/**
 * For someone without a first and last name (the first admin, made by `npm start` without
 * ADMIN_NAME): what their stories are signed with now, and where to add their name.
 */
export function BylineNotice({ user }: { user: User }) {
  if (user.firstName?.trim() && user.lastName?.trim()) return null;
  return (
    <p className="notice notice-info byline-notice">
      Your stories are signed “By {authorName(user)}”. <HrefLink href={staffPaths.profile}>Add your first and last name</HrefLink> in your
      profile to sign them with your name.
    </p>
  );
}
