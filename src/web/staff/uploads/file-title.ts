/** "harbour_at-dawn.jpg" -> "harbour at dawn": a starting title or alternative text for an uploaded file. */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
