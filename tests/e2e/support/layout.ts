import type { Locator, Page } from 'playwright-core';

/** The widths the first-day journeys check (issue 42): a phone, and three laptop and desktop screens. */
export const WIDTHS = [390, 1024, 1280, 1440] as const;

/** A phone is this tall; the other widths get a laptop's 800 px. */
export function viewportFor(width: number): { width: number; height: number } {
  return { width, height: width < 600 ? 844 : 800 };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count; half a pixel of rounding is forgiven). */
export function overlap(a: Box, b: Box): boolean {
  const slack = 0.5;
  return a.x + a.width - slack > b.x && b.x + b.width - slack > a.x && a.y + a.height - slack > b.y && b.y + b.height - slack > a.y;
}

/** Every pair of boxes that overlap, named by their labels. */
export function overlappingPairs(boxes: readonly { label: string; box: Box }[]): string[] {
  const pairs: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      if (overlap(a.box, b.box)) pairs.push(`${a.label} overlaps ${b.label}`);
    }),
  );
  return pairs;
}

/** The page's own sticky chrome: what scrolls under it is out of view, as if above the screen. */
export const STICKY_CHROME = '.site-header, .editor-action-bar';

/**
 * What the person sees at the middle of the element: null when it is on screen and on top there,
 * otherwise why not ("off screen", or the element that covers it). The band under the page's
 * sticky header or action bar counts as off screen: content scrolls under them by design.
 */
export function hiddenAtItsMiddle(target: Locator): Promise<string | null> {
  return target.evaluate((element, chrome) => {
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (rect.width === 0 || rect.height === 0) return 'not drawn';
    const inset = Math.max(
      0,
      ...Array.from(document.querySelectorAll(chrome))
        .filter((bar) => !bar.contains(element))
        .map((bar) => bar.getBoundingClientRect().bottom),
    );
    if (x < 0 || y < inset || x >= window.innerWidth || y >= window.innerHeight) return `off screen at ${Math.round(x)},${Math.round(y)}`;
    const top = document.elementFromPoint(x, y);
    if (top && (top === element || element.contains(top))) return null;
    const name = (node: Element | null) =>
      node ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}` : 'nothing';
    return `covered by ${name(top?.closest('section, fieldset, header, nav, aside, div') ?? top)}`;
  }, STICKY_CHROME);
}

/**
 * Scrolls the page from top to bottom, `step` px at a time, and at each stop reports any two of
 * `boxes` that overlap on screen and any of `labels` that is drawn under something else at its
 * middle (the band under the sticky chrome counts as off screen). All in one evaluation, so a
 * loaded machine checks fifty stops in the time of one.
 */
export function scanWhileScrolling(page: Page, selectors: { boxes: string; labels: string }, step: number): Promise<string[]> {
  return page.evaluate(
    ({ boxes, labels, step, chrome }) => {
      const problems: string[] = [];
      const bottom = document.documentElement.scrollHeight - window.innerHeight;
      const name = (node: Element | null) =>
        node ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}` : 'nothing';
      for (let y = 0; ; y = Math.min(bottom, y + step)) {
        window.scrollTo(0, y);
        const rects = Array.from(document.querySelectorAll(boxes))
          .map((element) => element.getBoundingClientRect())
          .filter((r) => r.width > 0);
        rects.forEach((a, i) =>
          rects.slice(i + 1).forEach((b, j) => {
            const apart = a.right - 0.5 <= b.left || b.right - 0.5 <= a.left || a.bottom - 0.5 <= b.top || b.bottom - 0.5 <= a.top;
            if (!apart) problems.push(`at ${y}: box ${i + 1} overlaps box ${i + j + 2}`);
          }),
        );
        const inset = Math.max(0, ...Array.from(document.querySelectorAll(chrome)).map((bar) => bar.getBoundingClientRect().bottom));
        for (const label of Array.from(document.querySelectorAll(labels))) {
          const r = label.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const middle = r.top + r.height / 2;
          if (middle < inset || middle >= window.innerHeight || x < 0 || x >= window.innerWidth) continue;
          const top = document.elementFromPoint(x, middle);
          if (!top || !(top === label || label.contains(top)))
            problems.push(
              `at ${y}: "${label.textContent}" is covered by ${name(top?.closest('section, fieldset, header, nav, aside, div') ?? top)}`,
            );
        }
        if (y >= bottom) return problems;
      }
    },
    { ...selectors, step, chrome: STICKY_CHROME },
  );
}
