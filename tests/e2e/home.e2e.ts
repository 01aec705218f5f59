import { demoStories } from '../../scripts/seed/demo-newsroom.ts';
import { expect, test } from './support/browser.ts';

/** docs/product/rules.md#limits-and-constants: the home page shows the latest 6 published stories, newest first. */
const HOME_LIMIT = 6;
const published = demoStories.filter((story) => story.status === 'published').sort((a, b) => a.hoursAgo - b.hoursAgo);
const latest = published.slice(0, HOME_LIMIT).map((story) => story.title);
const older = published.slice(HOME_LIMIT).map((story) => story.title);
const unpublished = demoStories.filter((story) => story.status !== 'published').map((story) => story.title);

test('the home page lists the newest published demo stories, newest first, and no draft or archived one', async ({ page, pageErrors }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);

  const grid = page.getByRole('region', { name: 'Latest Stories' });
  await expect.poll(() => grid.getByText(latest[0]!, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
  const text = await grid.innerText();
  const positions = latest.map((title) => text.indexOf(title));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  for (const title of older) expect(text).not.toContain(title);

  const pageText = await page.locator('body').innerText();
  for (const title of unpublished) expect(pageText).not.toContain(title);
  expect(pageErrors).toEqual([]);
});
