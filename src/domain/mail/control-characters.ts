// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;

/** Runs of control characters (line breaks, tabs, NUL...) as one space: text that fits on one line of a header or a form field. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, ' ').trim();
}

export function hasControlCharacters(text: string): boolean {
  return ANY_CONTROL.test(text);
}
