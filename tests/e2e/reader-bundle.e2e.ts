import type { Page } from 'playwright-core';
import { expect, test } from './support/browser.ts';
import { site } from './support/site.ts';
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
];

/** Every script the page downloads while `visit` runs, with the markers found in each. */
async function markersLoadedBy(page: Page, visit: () => Promise<void>): Promise<string[]> {
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
    for (const marker of STAFF_MARKERS) if (source.includes(marker)) found.push(marker);
  }
  return found;
}

test('the home page loads no editor, dashboard or admin code', async ({ page }) => {
  expect(await markersLoadedBy(page, async () => void (await page.goto('/')))).toEqual([]);
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
