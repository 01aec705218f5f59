export { portIsFree } from '../../../scripts/lib/ports.ts';

/** The E2E_PORTS range (default 8800-8809). */
export function e2ePorts(): { first: number; last: number } {
  const [first, last] = (process.env.E2E_PORTS ?? '8800-8809').split('-').map(Number);
  return { first: first!, last: last ?? first! };
}

/** How many sites (and so journeys at once) the run has: E2E_SITES, default 1 (decision 113 says why). */
export function e2eSiteCount(): number {
  const count = Number(process.env.E2E_SITES ?? 1);
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_SITES must be a whole number of sites, not "${process.env.E2E_SITES}"`);
  return count;
}
