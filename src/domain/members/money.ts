/**
 * Amounts are integers in a currency's smallest unit (cents), as Stripe takes them. Only
 * currencies with two decimals are offered, so "smallest unit" means the same everywhere here.
 */
export const CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud', 'nzd', 'chf', 'sek', 'nok', 'dkk'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'usd';

export interface Money {
  amount: number;
  currency: string;
}

/** A tier's price, per interval, in smallest units: at least 1.00, at most 10,000.00. */
export const PRICE_MIN = 100;
export const PRICE_MAX = 1_000_000;
/** A one-off gift, in smallest units: at least 1.00 (card networks' minimums are near it), at most 10,000.00. */
export const DONATION_MIN = 100;
export const DONATION_MAX = 1_000_000;
/** What the donation forms offer first, in smallest units. */
export const DONATION_PRESETS = [500, 1500, 5000] as const;

const SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', cad: 'CA$', aud: 'A$', nzd: 'NZ$', chf: 'CHF ' };

/** "$5", "$5.50", "SEK 50": how readers and staff see an amount. */
export function formatMoney({ amount, currency }: Money): string {
  const units = amount / 100;
  const number = Number.isInteger(units)
    ? units.toLocaleString('en-US')
    : units.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const symbol = SYMBOLS[currency];
  return symbol ? `${symbol}${number}` : `${currency.toUpperCase()} ${number}`;
}
