import { staffPaths } from '../../auth/staff-paths.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../domain/users/entities.ts';
import { dashboardFiguresQuery } from '../figures-queries.ts';
import { ApiError } from '../../api/client.ts';
import { deleteUser, usersQuery } from './users-api.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { ConfirmDialog } from '../../forms/confirm-dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AddReporterDialog } from './add-reporter-dialog.tsx';
import { AssignBeatsDialog } from './assign-beats-dialog.tsx';
import { ResetLinkDialog } from './reset-link-dialog.tsx';
import { ManagementHeading } from './management-heading.tsx';
import { EmailAddress } from '../../ui/email-address.tsx';

function initials(user: User): string {
  const fromNames = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`;
  return (fromNames || user.username.slice(0, 2)).toUpperCase();
}

/** Reporter Management: every account with its badges; add, assign beats, delete (deactivate). */
export function ReporterManagement({ users, me }: { users: UseQueryResult<User[]>; me: User }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [beatsFor, setBeatsFor] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [toReset, setToReset] = useState<User | null>(null);

  const remove = useMutation({
    mutationFn: (user: User) => deleteUser(user.id),
    onSuccess: async () => {
      toast({ title: 'User deleted successfully!', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardFiguresQuery().queryKey }),
      ]);
    },
    onError: (error) => {
      const detail = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: 'Failed to delete user', description: detail ?? undefined, variant: 'destructive' });
    },
    onSettled: () => setToDelete(null),
  });

  return (
    <section className="card" aria-labelledby="reporters-title">
      <ManagementHeading
        id="reporters-title"
        title="Reporter Management"
        note="Staff accounts that can sign in to the newsroom."
        addLabel="Add Reporter"
        onAdd={() => setAdding(true)}
      />
      {users.isPending ? <Spinner label="Loading users" /> : null}
      {users.isError ? (
        <p role="alert" className="field-error">
          Users could not be loaded.
        </p>
      ) : null}
      {users.data ? (
        <ul className="people-list">
          {users.data.map((user) => (
            <li key={user.id} className={user.isActive ? 'person' : 'person is-inactive'}>
              <span className="avatar" aria-hidden="true">
                {initials(user)}
              </span>
              <div className="person-main">
                <p className="person-name">
                  <span>{user.username}</span>
                  {user.id === me.id ? <span className="muted small">(you)</span> : null}
                  <span className={user.isActive ? 'badge badge-active' : 'badge badge-inactive'}>
                    {user.isActive ? 'Active' : 'Inactive'}
                  </span>
                  <span className={`badge badge-role-${user.role}`}>{user.role}</span>
                </p>
                <p className="person-email">
                  <EmailAddress address={user.email} />
                </p>
              </div>
              <div className="person-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Assign beats to ${user.username}`}
                  onClick={() => setBeatsFor(user)}
                >
                  Beats
                </button>
                <HrefLink
                  href={staffPaths.profileOf(user.id)}
                  className="button button-secondary button-small"
                  aria-label={`Edit the profile of ${user.username}`}
                >
                  Profile
                </HrefLink>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Reset password of ${user.username}`}
                  disabled={!user.isActive}
                  onClick={() => setToReset(user)}
                >
                  Reset password
                </button>
                <button
                  type="button"
                  className="icon-button icon-button-danger"
                  aria-label={`Delete ${user.username}`}
                  title={
                    user.id === me.id
                      ? 'You cannot delete your own account'
                      : !user.isActive
                        ? 'Already deleted'
                        : `Delete ${user.username}`
                  }
                  disabled={user.id === me.id || !user.isActive}
                  onClick={() => setToDelete(user)}
                >
                  <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                  </svg>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <AddReporterDialog open={adding} onClose={() => setAdding(false)} />
      <AssignBeatsDialog user={beatsFor} onClose={() => setBeatsFor(null)} />
      <ResetLinkDialog user={toReset} onClose={() => setToReset(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.username}?` : 'Delete user?'}
        description="They will no longer be able to sign in, and their sessions end now. Their stories stay: published stories remain public with their byline."
        confirmLabel="Delete user"
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </section>
  );
}
