import { compactNumber } from '../../domain/formatting.ts';

/** "1 watching", "1.2K watching". */
export function watchingLabel(viewers: number): string {
  return `${compactNumber(viewers)} watching`;
}
