/**
 * Counts in words (issue 42): "1 view", "2 views", chosen by the language's plural rules
 * (Intl.PluralRules, en-US), never by `count === 1`. Built on first use: a browser pays for its
 * first Intl object.
 */
let rules: Intl.PluralRules | undefined;

/** The forms of a counted word: English has `one` and `other`. */
export interface PluralForms {
  one: string;
  other: string;
}

/** The form of the word for `count`. */
export function pluralForm(count: number, forms: PluralForms): string {
  rules ??= new Intl.PluralRules('en-US');
  return rules.select(count) === 'one' ? forms.one : forms.other;
}

/** The count and its word: "1 subscriber", "12 subscribers"; `shown` writes the number (a compact "1.5K"). */
export function countOf(count: number, forms: PluralForms, shown: string = String(count)): string {
  return `${shown} ${pluralForm(count, forms)}`;
}
