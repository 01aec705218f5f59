import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Rules that must pass whatever impact axe gives them: landmarks a screen-reader user can tell apart
 * (two unnamed search forms on /search were one), and an accessible name that contains the visible
 * text (WCAG 2.5.3; axe files it under "experimental", Lighthouse runs it).
 */
const ALWAYS = new Set(['landmark-unique', 'label-content-name-mismatch']);

/** axe-core's serious and critical violations (WCAG 2.x A and AA rules, best practice, and the experimental ones) on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settledAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || ALWAYS.has(violation.id))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Waits for the page's finite animations (a toast fading in) to end: axe measures colours as they are
 * painted, so text caught mid-fade reads as low contrast although the reader sees it settled 0.2 s later.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
