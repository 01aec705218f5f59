/**
 * 'equal', or where two byte arrays part ways. (Vitest's deep equality on multi-megabyte typed
 * arrays runs out of memory, so large read-backs are compared with this.)
 */
export function byteDifference(actual: Uint8Array, expected: Uint8Array): string {
  const length = Math.min(actual.length, expected.length);
  for (let i = 0; i < length; i++) {
    if (actual[i] !== expected[i]) return `differ at byte ${i}: ${actual[i]} instead of ${expected[i]}`;
  }
  return actual.length === expected.length ? 'equal' : `length ${actual.length} instead of ${expected.length}`;
}
