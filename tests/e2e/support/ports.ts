export { portIsFree } from '../../../scripts/lib/ports.ts';

/** The E2E_PORTS range (default 8800-8809). */
export function e2ePorts(): { first: number; last: number } {
  const [first, last] = (process.env.E2E_PORTS ?? '8800-8809').split('-').map(Number);
  return { first: first!, last: last ?? first! };
}
