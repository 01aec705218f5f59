/**
 * Counted nouns ("1 subscriber", "10,214 subscribers") by the language's own plural rules
 * (Intl.PluralRules), so no screen writes "1 subscribers" or tests `n === 1` by hand. English for
 * now; the rules object is built on first use (a browser pays for its first Intl object).
 */

let english: Intl.PluralRules | undefined;
const rules = () => (english ??= new Intl.PluralRules('en-US'));

/** Whole numbers with thousands separators: "10,214". */
export function groupedNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** The form of a noun that goes with `count`: `one` for 1, `other` (by default `one` + "s") for 0, 2, 1.5... */
export function nounFor(count: number, one: string, other = `${one}s`): string {
  return rules().select(count) === 'one' ? one : other;
}

/** The count and its noun: "1 free member", "2 free members", "1,200 stories"; `format` writes the number. */
export function countOf(count: number, one: string, other?: string, format: (value: number) => string = groupedNumber): string {
  return `${format(count)} ${nounFor(count, one, other)}`;
}
