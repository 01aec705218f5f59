/**
 * R2's multipart rules: parts of 5 MiB to 5 GiB, all but the last the same size, the last no
 * larger than the others, at most 10,000 parts.
 */
export const R2_MIN_PART_BYTES = 5 * 1024 * 1024;
export const R2_MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
export const R2_MAX_PARTS = 10_000;

export interface PartPlan {
  size: number;
  partSize: number;
  partCount: number;
}

/**
 * Equal parts of `preferredPartSize` (kept within R2's limits), grown in whole MiB when a file
 * would otherwise need more than 10,000 parts.
 */
export function planParts(size: number, preferredPartSize: number): PartPlan {
  const mib = 1024 * 1024;
  let partSize = Math.min(Math.max(preferredPartSize, R2_MIN_PART_BYTES), R2_MAX_PART_BYTES);
  if (Math.ceil(size / partSize) > R2_MAX_PARTS) partSize = Math.ceil(size / R2_MAX_PARTS / mib) * mib;
  return { size, partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** The exact length part `partNumber` (1-based) must have. */
export function partLength(plan: PartPlan, partNumber: number): number {
  if (partNumber < 1 || partNumber > plan.partCount) return 0;
  if (partNumber < plan.partCount) return plan.partSize;
  return plan.size - plan.partSize * (plan.partCount - 1);
}

/** The part numbers not in `done`, in order. */
export function missingParts(plan: PartPlan, done: Iterable<number>): number[] {
  const have = new Set(done);
  const missing: number[] = [];
  for (let n = 1; n <= plan.partCount; n++) if (!have.has(n)) missing.push(n);
  return missing;
}
