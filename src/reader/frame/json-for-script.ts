/**
 * JSON for a <script type="application/..."> data block (JSON-LD, a page's first reads): nothing in
 * it can close the element or open a comment (<, >, & escaped), and the line separators JSON allows
 * but old parsers choke on are escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
