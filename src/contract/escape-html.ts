const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escaper: text for HTML or XML content and attribute values (both quote styles). Used by
 * the worker's pages and feeds, the services that write story HTML, and the app where it writes
 * story HTML as a string.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
