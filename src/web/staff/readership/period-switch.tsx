import { PERIODS, type PeriodKey } from './periods.ts';

/** Which period a readership view shows: a group of toggle buttons, the one on pressed. */
export function PeriodSwitch({ value, onChange, label }: { value: PeriodKey; onChange: (key: PeriodKey) => void; label: string }) {
  return (
    <div className="period-switch" role="group" aria-label={label}>
      {PERIODS.map((period) => (
        <button
          key={period.key}
          type="button"
          className="period-button"
          aria-pressed={period.key === value}
          onClick={() => onChange(period.key)}
        >
          {period.label}
        </button>
      ))}
    </div>
  );
}
