import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CURRENCIES, formatMoney } from '../../../domain/members/money.ts';
import { ApiError } from '../../api/client.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../forms/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { saveTier, tiersQuery, type TierAnswer } from './members-api.ts';

/** Paid tiers: what readers may choose on /support; saving one makes Stripe's product and prices match (decision 094). */
export function TiersCard() {
  const tiers = useQuery(tiersQuery());
  const [editing, setEditing] = useState<TierAnswer | 'new' | null>(null);
  return (
    <section className="card tiers-card" aria-labelledby="tiers-title">
      <div className="card-heading">
        <h2 className="card-title" id="tiers-title">
          Paid tiers
        </h2>
        <button type="button" className="button button-secondary button-small" onClick={() => setEditing('new')}>
          New tier
        </button>
      </div>
      {tiers.isPending ? <Spinner label="Loading tiers" /> : null}
      {tiers.data && tiers.data.length === 0 ? (
        <p className="empty-state">No paid tiers yet: readers can join for free and give gifts.</p>
      ) : null}
      <ul className="tier-list">
        {tiers.data?.map((tier) => (
          <li key={tier.id}>
            <strong>{tier.name}</strong> {tier.isActive ? '' : <span className="muted">(off sale)</span>}
            <span>
              {formatMoney(tier.monthly)} a month · {formatMoney(tier.yearly)} a year
            </span>
            <button type="button" className="link-button" onClick={() => setEditing(tier)}>
              Edit
            </button>
          </li>
        ))}
      </ul>
      {editing !== null ? <TierForm tier={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
    </section>
  );
}

const units = (amount: number) => (amount / 100).toFixed(2);
const cents = (text: string) => Math.round(Number(text) * 100);

function TierForm({ tier, onDone }: { tier: TierAnswer | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(tier?.name ?? '');
  const [description, setDescription] = useState(tier?.description ?? '');
  const [currency, setCurrency] = useState(tier?.monthly.currency ?? 'usd');
  const [monthly, setMonthly] = useState(tier ? units(tier.monthly.amount) : '5.00');
  const [yearly, setYearly] = useState(tier ? units(tier.yearly.amount) : '50.00');
  const [isActive, setActive] = useState(tier?.isActive ?? true);
  const save = useMutation({
    mutationFn: () =>
      saveTier(tier?.id ?? null, {
        name,
        description,
        monthly: { amount: cents(monthly), currency },
        yearly: { amount: cents(yearly), currency },
        isActive,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['members'] });
      onDone();
    },
  });
  const error = save.error instanceof ApiError ? save.error : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="tier-form" onSubmit={onSubmit} aria-label={tier ? `Edit ${tier.name}` : 'New tier'}>
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={100}
        error={error?.fields?.name}
      />
      <TextAreaField
        label="Description"
        name="description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={1000}
      />
      <SelectField label="Currency" name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Monthly price"
        name="monthly"
        inputMode="decimal"
        value={monthly}
        onChange={(e) => setMonthly(e.target.value)}
        error={error?.fields?.['monthly.amount'] ?? error?.fields?.monthly}
      />
      <TextField
        label="Yearly price"
        name="yearly"
        inputMode="decimal"
        value={yearly}
        onChange={(e) => setYearly(e.target.value)}
        error={error?.fields?.['yearly.amount'] ?? error?.fields?.yearly}
      />
      <CheckboxField label="On sale" name="isActive" checked={isActive} onChange={(e) => setActive(e.target.checked)} />
      {error && !error.fields ? (
        <p role="alert" className="field-error">
          {error.serverMessage ?? error.message}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tier'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
