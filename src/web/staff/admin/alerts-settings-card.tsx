import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { alertSettingsSchema, type AlertSettingsView } from '../../../domain/alerts/schemas.ts';
import { ApiError, apiRequest } from '../../api/client.ts';
import { TextField } from '../../forms/form-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

const ALERTS_URL = '/api/settings/alerts';
const alertSettingsQuery = () =>
  queryOptions({ queryKey: [ALERTS_URL] as const, queryFn: () => apiRequest<AlertSettingsView>('GET', ALERTS_URL) });

/**
 * Who push services may write to about the newsroom's alerts (docs/product/api-alerts.md): the
 * VAPID contact every alert carries. Apple refuses an address on localhost, so alerts to iPhones
 * need a real one; without it the first admin's address is used.
 */
export function AlertsSettingsCard() {
  const { data } = useQuery(alertSettingsQuery());
  return (
    <section className="card" aria-labelledby="alerts-settings-title">
      <h2 className="card-title" id="alerts-settings-title">
        Breaking-news alerts
      </h2>
      <p className="muted small">
        Push services (Google, Mozilla, Apple, Microsoft) are told whom to write to about our alerts.
        {data
          ? data.contact
            ? ` Alerts now go out with ${data.contact.replace(/^mailto:/, '')}.`
            : ' Set an address before sending alerts.'
          : null}
      </p>
      {data ? <AlertsForm key={data.contactEmail ?? ''} initial={data} /> : null}
    </section>
  );
}

function AlertsForm({ initial }: { initial: AlertSettingsView }) {
  const queryClient = useQueryClient();
  const [contactEmail, setContactEmail] = useState(initial.contactEmail ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => apiRequest<AlertSettingsView>('PUT', ALERTS_URL, { contactEmail }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertSettingsQuery().queryKey, saved);
      toast({ title: 'Alerts contact saved', variant: 'success' });
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.fields.contactEmail : undefined);
      toast({ title: 'Could not save the alerts contact', variant: 'destructive' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = alertSettingsSchema.safeParse({ contactEmail });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    save.mutate();
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label="Contact address for push services"
        hint="For example desk@yournewsroom.com. Leave blank to use the first admin’s address."
        type="email"
        value={contactEmail}
        maxLength={254}
        autoCapitalize="none"
        spellCheck={false}
        error={error}
        onChange={(event) => {
          setContactEmail(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
