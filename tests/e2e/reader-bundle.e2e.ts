import type { Page } from 'playwright-core';
import { expect, test } from './support/browser.ts';
import { apiCall, site } from './support/site.ts';
import { signInAs } from './support/staff.ts';

/**
 * The staff screens are lazy routes: a reader opening the home page downloads none of their code.
 * Each marker is a string that exists only in the editor, dashboard or admin code.
 */
const STAFF_MARKERS = [
  'Drop images or videos here', // story editor
  'ProseMirror', // Tiptap / ProseMirror
  'Mark as featured story', // story form
  'No stories yet. Start by recording or going live!', // reporter dashboard
  'Reporter Management', // admin dashboard
  'Beat created successfully!', // admin dialogs
  'File type must be', // react-dropzone
  'Require a second factor for', // the admin's security policy
  'Set up an authenticator app', // the profile's sign-in security, with the QR code
  'Show as a table', // readership charts' text alternative
  'Push this story to the lock screens', // the editor's Send alert card
];

/** Found only in uPlot, the staff's chart library, which loads once a chart has figures to draw. */
const CHART_MARKER = 'u-legend';

/** Every script the page downloads while `visit` runs, with the markers found in each. */
async function markersLoadedBy(page: Page, visit: () => Promise<void>, more: readonly string[] = []): Promise<string[]> {
  const scripts = new Set<string>();
  const onResponse = (response: { url: () => string; request: () => { resourceType: () => string } }) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  };
  page.on('response', onResponse);
  await visit();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  expect(scripts.size).toBeGreaterThan(0);
  const found: string[] = [];
  for (const url of scripts) {
    const source = await (await fetch(url)).text();
    for (const marker of [...STAFF_MARKERS, ...more]) if (source.includes(marker)) found.push(marker);
  }
  return found;
}

test('the home page loads no editor, dashboard or admin code', async ({ page }) => {
  expect(await markersLoadedBy(page, async () => void (await page.goto('/')), [CHART_MARKER])).toEqual([]);
});

test('a story page, its view counted, loads no staff code and no chart code', async ({ page }) => {
  const [story] = (await apiCall<{ slug: string; id: number }[]>('/api/stories?status=published&limit=1')).body;
  const loaded = await markersLoadedBy(page, async () => {
    const counted = page.waitForResponse((res) => res.url().endsWith(`/api/stories/${story!.id}/view`));
    await page.goto(`/story/${story!.slug}`);
    await counted;
  }, [CHART_MARKER]);
  expect(loaded).toEqual([]);
});

test('the chart marker is real: the admin’s readership chart loads it once there are figures', { timeout: 120_000 }, async ({ page }) => {
  const [story] = (await apiCall<{ id: number }[]>('/api/stories?status=published&limit=1')).body;
  await apiCall(`/api/stories/${story!.id}/view`, { method: 'POST', json: { referrer: '' } });
  await signInAs(page, site().admin);
  const markers = await markersLoadedBy(page, async () => {
    await page.goto('/admin');
    // The e2e site flushes views every 5 s; the dashboard reads again every 30 s.
    await expect.poll(() => page.locator('.time-chart-canvas canvas').count(), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
  }, [CHART_MARKER]);
  expect(markers).toContain(CHART_MARKER);
});

test('the markers are real: the staff screens do load them', async ({ page }) => {
  await signInAs(page, site().admin);
  const found = new Set<string>();
  for (const [path, heading] of [
    ['/story/new', 'Create New Story'],
    ['/dashboard', 'Reporter Dashboard'],
    ['/admin', 'Admin Dashboard'],
    ['/profile', 'Your profile'],
  ] as const) {
    const markers = await markersLoadedBy(page, async () => {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { name: heading }).count(), { timeout: 15_000 }).toBe(1);
    });
    for (const marker of markers) found.add(marker);
  }
  expect([...found].sort()).toEqual([...STAFF_MARKERS].sort());
});
