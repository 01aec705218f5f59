import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { X_HANDLE_MESSAGE, xHandleSchema, type SocialSettings } from '../../../domain/site/social.ts';
import { ApiError, apiRequest } from '../../api/client.ts';
import { TextField } from '../../forms/form-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

const SOCIAL_URL = '/api/settings/social';
const socialSettingsQuery = () =>
  queryOptions({ queryKey: [SOCIAL_URL] as const, queryFn: () => apiRequest<SocialSettings>('GET', SOCIAL_URL) });

/** The site's handle on X (docs/product/api-pictures.md, "Link previews"): twitter:site on every page that is shared. */
export function SocialSettingsCard() {
  const { data } = useQuery(socialSettingsQuery());
  return (
    <section className="card" aria-labelledby="social-title">
      <h2 className="card-title" id="social-title">
        Link Previews
      </h2>
      <p className="muted small">How the site is named when its pages are shared. Each reporter adds their own handle on their profile.</p>
      {data ? <SocialForm key={data.xHandle ?? ''} initial={data} /> : null}
    </section>
  );
}

function SocialForm({ initial }: { initial: SocialSettings }) {
  const queryClient = useQueryClient();
  const [xHandle, setXHandle] = useState(initial.xHandle ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => apiRequest<SocialSettings>('PUT', SOCIAL_URL, { xHandle }),
    onSuccess: (saved) => {
      queryClient.setQueryData(socialSettingsQuery().queryKey, saved);
      toast({ title: 'Link previews saved', variant: 'success' });
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.fields.xHandle : undefined);
      toast({ title: 'Could not save the link previews', variant: 'destructive' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!xHandleSchema.safeParse(xHandle).success) return setError(X_HANDLE_MESSAGE);
    save.mutate();
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label="The site’s X handle"
        hint="For example @TheNewsroom. Leave blank for none."
        value={xHandle}
        maxLength={16}
        autoCapitalize="none"
        spellCheck={false}
        error={error}
        onChange={(event) => {
          setXHandle(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
