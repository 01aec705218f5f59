import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { hiddenAtItsMiddle, overlappingPairs, viewportFor, type Box } from './support/layout.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, createStoryViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * What a newsroom meets on its first day (issue 42): the header's controls side by side from 360 to
 * 1440 px, signed in or not, on a reader's page and in the app; every admin tab on a phone's screen;
 * counts in the singular ("1 subscriber"); an admin's dashboard that lists the newsroom's stories.
 */

const HEADER_CONTROLS = [
  '.site-header .logo',
  '.site-header .tab',
  '#site-search',
  '.header-search-button',
  '.site-header .nav-button',
  '.header-account a',
  '.header-account button',
].join(', ');

/** Every control of the header: its name, box, and whether it is on top at its middle. */
async function headerControls(page: Page): Promise<{ label: string; box: Box; hidden: string | null }[]> {
  const controls = page.locator(HEADER_CONTROLS);
  const found: { label: string; box: Box; hidden: string | null }[] = [];
  for (let i = 0; i < (await controls.count()); i++) {
    const control = controls.nth(i);
    const box = (await control.boundingBox())!;
    const label =
      (await control.getAttribute('aria-label')) ?? (await control.getAttribute('placeholder')) ?? (await control.textContent()) ?? '';
    // The page is at its top: the header's own band counts as on screen here.
    const hidden = await control.evaluate((element) => {
      const r = element.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top && (top === element || element.contains(top)) ? null : `covered by ${top?.className || top?.tagName}`;
    });
    found.push({ label: label.trim(), box, hidden });
  }
  return found;
}

async function expectHeaderFits(page: Page, width: number, signedIn: boolean) {
  const controls = await headerControls(page);
  const names = controls.map((control) => control.label);
  expect(names).toEqual(expect.arrayContaining(['Home', 'Search stories', 'Search', 'Alerts', 'Follow']));
  if (signedIn) expect(names).toEqual(expect.arrayContaining(['Dashboard', 'Admin', 'Logout']));
  else expect(names).toEqual(expect.arrayContaining(['Sign in', 'Reporter Login']));
  expect(overlappingPairs(controls), `at ${width} px`).toEqual([]);
  for (const control of controls) {
    expect(control.hidden, `${control.label} at ${width} px`).toBeNull();
    expect(control.box.x, `${control.label} at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(control.box.x + control.box.width, `${control.label} at ${width} px`).toBeLessThanOrEqual(width);
  }
  // A search box one can type a few words into, not a sliver.
  expect(controls.find((control) => control.label === 'Search stories')!.box.width, `at ${width} px`).toBeGreaterThanOrEqual(100);
}

describe('the header fits from 360 px up', () => {
  for (const width of [360, 390, 1024, 1280, 1440]) {
    test(`at ${width} px, signed out on the home page and signed in on it and in the app`, async ({ page, pageErrors }) => {
      await page.setViewportSize(viewportFor(width));
      await page.goto('/');
      await expect.poll(() => page.getByRole('link', { name: 'Reporter Login' }).count()).toBe(1);
      await expectHeaderFits(page, width, false);

      await signInAs(page, site().admin);
      await page.goto('/');
      await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Logout' }).count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).count()).toBe(1);
      await expectHeaderFits(page, width, true);

      await page.goto('/dashboard');
      await expect.poll(() => page.getByRole('heading', { name: 'Reporter Dashboard' }).count(), { timeout: 15_000 }).toBe(1);
      await expectHeaderFits(page, width, true);
      expect(pageErrors).toEqual([]);
    }, 120_000);
  }
});

test('on a phone every admin tab is on screen, and each opens its section', async ({ page, pageErrors }) => {
  await page.setViewportSize(viewportFor(390));
  await signInAs(page, site().admin);
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect.poll(() => tabs.count(), { timeout: 15_000 }).toBe(7);
  await tabs.first().evaluate((tab) => tab.scrollIntoView({ block: 'center' }));
  for (let i = 0; i < 7; i++) expect(await hiddenAtItsMiddle(tabs.nth(i)), await tabs.nth(i).innerText()).toBeNull();
  // Nothing of the page is past the right edge, where a tab could hide.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tabs.filter({ hasText: 'Audit' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Audit log' }).count()).toBe(1);
  // The log speaks in words, not codes.
  await expect.poll(() => page.locator('.audit-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await page.locator('.audit-table').innerText()).not.toMatch(/\b(auth|user|story)\.[a-z_]+/);
  expect(pageErrors).toEqual([]);
});

test('one subscriber is "1 subscriber", in the admin’s list and in the editor', async ({ page, pageErrors }) => {
  const token = await signInAs(page, site().admin);
  const name = unique('Single Reader Weekly');
  const created = await apiCall<{ id: number; slug: string }>('/api/newsletters', {
    method: 'POST',
    token,
    json: { name, description: 'One reader, for now' },
  });
  expect(created.status).toBe(201);
  const imported = await fetch(`${site().baseUrl}/api/newsletters/${created.body.id}/subscribers/import?consent=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    body: `email\nonly-one-${Date.now().toString(36)}@readers.test\n`,
  });
  expect(imported.status).toBe(200);

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Newsletters' }).click();
  const row = page.locator('.newsletter-admin-list li', { hasText: name });
  await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('1 subscriber');
  expect(await row.textContent()).not.toContain('1 subscribers');

  const story = await createStoryViaApi(token, { title: unique('A story for one') });
  await page.goto(`/edit/${story.id}`);
  const card = page.locator('.story-send-card');
  await card.getByLabel('Newsletter').selectOption({ label: `${name} (1 subscriber)` });
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Send to 1 subscriber of ${name}?` });
  await expect.poll(() => confirm.count()).toBe(1);
  // Escape dismisses it like Cancel, and nothing is sent.
  await page.keyboard.press('Escape');
  await expect.poll(() => confirm.count()).toBe(0);
  expect((await apiCall<unknown[]>(`/api/newsletters/${created.body.id}/sends`, { token })).body).toEqual([]);
  expect(pageErrors).toEqual([]);
});

describe('an admin’s dashboard lists the newsroom’s stories', () => {
  let reporter: { username: string; email: string; password: string };
  let draft: Story;

  beforeAll(async () => {
    reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('desk'));
    const token = await apiLogin(reporter);
    draft = await createStoryViaApi(token, { status: 'draft', title: unique('Desk draft') });
    await createStoryViaApi(token, { status: 'published', title: unique('Desk published') });
  });

  test('by author and status, each opening in the editor', async ({ page, pageErrors }) => {
    await signInAs(page, site().admin);
    await page.goto('/dashboard');
    const newsroom = page.getByRole('tab', { name: 'Newsroom' });
    await expect.poll(() => newsroom.getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    const list = page.getByRole('region', { name: 'Newsroom stories' });
    // The demo's published stories are there although the admin wrote none of them.
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(9);
    expect(await list.innerText()).toContain('By Maya Okafor');

    await list.getByLabel('Author').selectOption({ label: reporter.username });
    await list.getByLabel('Status').selectOption({ label: 'Draft' });
    await expect.poll(() => list.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(draft.title)]);
    expect(await list.getByRole('status').textContent()).toBe('1 story');
    await list.getByRole('link', { name: draft.title }).click();
    await page.waitForURL(`**/edit/${draft.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Story' }).count(), { timeout: 15_000 }).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test('a reporter gets no newsroom tab', async ({ page }) => {
    await signInAs(page, reporter);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    expect(await page.getByRole('tab', { name: 'Newsroom' }).count()).toBe(0);
  });
});
