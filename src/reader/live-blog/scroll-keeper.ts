/**
 * Changes above a reader's eyes without moving what they are reading: the first update still on
 * screen is measured before and after the change and the page scrolled by the difference. A reader
 * at the top of the feed is not compensated: they see new updates arrive where they are looking.
 * (The browser's own scroll anchoring is turned off on the page meanwhile, so the two never add up.)
 */
export function keepInPlace(feed: HTMLElement, change: () => void): void {
  const items = [...feed.children] as HTMLElement[];
  const firstTop = items[0]?.getBoundingClientRect().top ?? 0;
  const anchor = firstTop < 0 ? items.find((item) => item.getBoundingClientRect().bottom > 0) : undefined;
  const before = anchor?.getBoundingClientRect().top;
  change();
  if (!anchor || before === undefined) return;
  if (!anchor.isConnected) return;
  const moved = anchor.getBoundingClientRect().top - before;
  if (moved !== 0) window.scrollBy({ top: moved, left: 0, behavior: 'instant' });
}

/** Whether the top of the feed is above the reader's screen (they have scrolled into it, or past it). */
export function scrolledPast(element: Element): boolean {
  return element.getBoundingClientRect().top < 0;
}
