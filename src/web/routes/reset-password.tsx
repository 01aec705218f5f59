import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../login/reset-password-page.tsx';

/** The page an admin's one-time reset link opens (the token rides in the fragment); lazily loaded. */
export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});
