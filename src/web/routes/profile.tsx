import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../staff/profile/profile-page.tsx';

/** The profile screen (name and bio); lazily loaded, so readers never download it. An admin adds ?userId=. */
export const Route = createFileRoute('/profile')({
  validateSearch: (search: Record<string, unknown>): { userId?: number } => {
    const userId = Number(search.userId);
    return { userId: Number.isInteger(userId) && userId > 0 ? userId : undefined };
  },
  component: function Profile() {
    const { userId } = Route.useSearch();
    return <ProfilePage userId={userId} />;
  },
});
