import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { User } from '../../../domain/users/entities.ts';
import { BIO_MAX_LENGTH } from '../../../domain/users/schemas.ts';
import { X_HANDLE_MESSAGE, xHandleSchema } from '../../../domain/site/social.ts';
import { authorPath } from '../../../domain/site/site.ts';
import { ApiError, apiRequest } from '../../api/client.ts';
import { currentUserKey } from '../../auth/current-user.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { TextAreaField, TextField } from '../../forms/form-field.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { RoleGate } from '../role-gate.tsx';
import { usersQuery } from '../admin/users-api.ts';
import { mustSetUp, secondFactorQuery } from '../security/security-api.ts';
import { SecuritySection } from '../security/security-section.tsx';

/**
 * The profile screen (docs/product/screens.md, "Profile"): a user's name and the bio their author
 * page shows. Everyone edits their own; an admin opens anyone's from the Admin tab (`?userId=`).
 */
export function ProfilePage({ userId }: { userId?: number }) {
  // The one staff screen a user the security policy blocks may open: it is where they set a second factor up.
  return (
    <RoleGate need="reporter" withoutSecondFactor>
      <ProfileFor userId={userId} />
    </RoleGate>
  );
}

function ProfileFor({ userId }: { userId?: number }) {
  const { user, isAdmin } = useAuth();
  const secondFactor = useQuery(secondFactorQuery());
  // Blocked by the policy, the user may only set a second factor up: the name and bio wait.
  const blocked = mustSetUp(secondFactor.data);
  const others = useQuery({ ...usersQuery(), enabled: !blocked && isAdmin && userId !== undefined && userId !== user?.id });
  const target = blocked || userId === undefined || userId === user?.id ? user : others.data?.find((candidate) => candidate.id === userId);
  useDocumentTitle('Profile');
  if (!target) return others.isLoading ? <Spinner label="Loading the profile" /> : <p className="page empty">There is no such user.</p>;
  const own = target.id === user?.id;
  // The security section keeps its place whether blocked or not, so what it shows (the recovery
  // codes of the setup that just unblocked the user) survives the switch.
  return (
    <div className="page narrow profile-page">
      {blocked ? <h1>Your profile</h1> : <ProfileForm key={target.id} user={target} own={own} />}
      {own ? <SecuritySection /> : null}
    </div>
  );
}

function ProfileForm({ user, own }: { user: User; own: boolean }) {
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [xHandle, setXHandle] = useState(user.xHandle ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => apiRequest<User>('PUT', `/api/users/${user.id}`, { firstName, lastName, bio, xHandle }),
    onSuccess: () => {
      setErrors({});
      toast({ title: 'Profile saved', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: own ? currentUserKey : usersQuery().queryKey });
      // The author page reads the profile through the edge cache, which the save refreshed.
      void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/users/by-username/') });
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      toast({
        title: 'Could not save the profile',
        description: error instanceof ApiError ? (error.serverMessage ?? undefined) : undefined,
        variant: 'destructive',
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bio.trim().length > BIO_MAX_LENGTH) return setErrors({ bio: `A bio must be at most ${BIO_MAX_LENGTH} characters` });
    if (!xHandleSchema.safeParse(xHandle).success) return setErrors({ xHandle: X_HANDLE_MESSAGE });
    save.mutate();
  };
  return (
    <>
      <h1>{own ? 'Your profile' : `Profile of ${user.username}`}</h1>
      <p>
        Shown on the author page, <HrefLink href={authorPath(user)}>{authorPath(user)}</HrefLink>, with every published story.
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="First name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          maxLength={50}
          error={errors.firstName}
        />
        <TextField
          label="Last name"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          maxLength={50}
          error={errors.lastName}
        />
        <p className="field-hint">Stories are signed with the first and last name when both are given, otherwise with the username.</p>
        <TextField
          label="X handle (optional)"
          hint="Named as the author when your stories are shared on X, e.g. @maya_okafor."
          value={xHandle}
          onChange={(event) => setXHandle(event.target.value)}
          maxLength={16}
          autoCapitalize="none"
          spellCheck={false}
          error={errors.xHandle}
        />
        <TextAreaField
          label="Bio"
          hint={`Plain text, at most ${BIO_MAX_LENGTH} characters (${bio.trim().length} used).`}
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          rows={5}
          error={errors.bio}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </button>
      </form>
    </>
  );
}
