import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { TextAreaField } from '../../forms/form-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

interface NewsletterSettings {
  postalAddress: string | null;
}

const settingsKey = ['settings', 'newsletters'];

/** The newsroom's postal address, printed at the foot of every issue (anti-spam laws ask for it). */
export function PostalAddressCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => apiRequest<NewsletterSettings>('GET', '/api/settings/newsletters') });
  const [address, setAddress] = useState('');
  useEffect(() => setAddress(settings.data?.postalAddress ?? ''), [settings.data]);
  const save = useMutation({
    mutationFn: () => apiRequest<NewsletterSettings>('PUT', '/api/settings/newsletters', { postalAddress: address.trim() }),
    onSuccess: async () => {
      toast({ title: 'Postal address saved', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: settingsKey });
    },
    onError: () => toast({ title: 'Failed to save the postal address', variant: 'destructive' }),
  });
  return (
    <section className="card" aria-labelledby="postal-address-title">
      <h2 className="card-title" id="postal-address-title">
        Postal address
      </h2>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <TextAreaField
          label="The newsroom’s postal address"
          hint="At the foot of every newsletter issue."
          name="postalAddress"
          rows={3}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
          Save address
        </button>
      </form>
    </section>
  );
}
