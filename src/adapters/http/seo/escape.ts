/* Text for HTML and XML is escaped by the one escaper, src/contract/escape-html.ts. */

/**
 * JSON for a <script type="application/..."> data block: nothing in it can close the element or
 * open a comment (<, >, & escaped), and the line separators JSON allows but old parsers choke on are escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Removes characters XML 1.0 forbids (control characters other than tab, newline, carriage return). */
export function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}
