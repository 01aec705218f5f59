import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/browser.ts';
import { apiLogin, site, type E2eAccount } from './support/site.ts';
import { viewportFor } from './support/layout.ts';
import { createReporterViaApi, createStoryViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * axe-core on each staff screen (WCAG 2.x A and AA rules): no serious or critical violation, at a
 * desktop's size and at a phone's. The reader's pages: reader-accessibility.e2e.ts.
 */
/** The tab's reads have answered: no spinner left on the page. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.spinner-wrap').count(), { timeout: 15_000 }).toBe(0);
}

const ADMIN_TABS = ['Newsroom', 'Members', 'Newsletters', 'Review', 'Fediverse', 'Security', 'Audit'];

describe('staff screens pass axe-core', () => {
  let reporter: E2eAccount;
  let story: Story;

  beforeAll(async () => {
    const adminToken = await apiLogin(site().admin);
    reporter = await createReporterViaApi(adminToken, uniqueUsername('axe'));
    story = await createStoryViaApi(await apiLogin(reporter), { status: 'published' });
  });

  test('the reporter dashboard, each tab', async ({ page }) => {
    await signInAs(page, reporter);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Recent Activity' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    for (const tab of ['Live Stream', 'Record', 'Upload', 'My Stories']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await seriousViolations(page), tab).toEqual([]);
    }
  });

  test('the story editor, create and edit mode, with validation errors showing', async ({ page }) => {
    await signInAs(page, reporter);
    await page.goto('/story/new');
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create Story' }).click();
    await expect.poll(() => page.getByText('Title is required').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/edit/${story.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Story' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // The working day's parts: the schedule beside the status, History with a comparison, the Corrections card.
    await page.getByLabel('Status').selectOption('scheduled');
    await expect.poll(() => page.getByLabel('Publish on').count()).toBe(1);
    await page.getByRole('button', { name: 'History' }).click();
    await page
      .getByRole('region', { name: 'History' })
      .getByRole('button', { name: /^Version 1/ })
      .click();
    await expect.poll(() => page.getByRole('group', { name: 'Content changes' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'Corrections' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the admin Review tab, with a story open for reading and the send-back form', async ({ page }) => {
    const inReview = await createStoryViaApi(await apiLogin(reporter), { status: 'in_review', title: `Review axe ${uniqueUsername('s')}` });
    await signInAs(page, site().admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Review/ }).click();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: inReview.title }) });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await item.getByRole('button', { name: 'Read the story' }).click();
    await item.getByRole('button', { name: `Send back “${inReview.title}”` }).click();
    await expect.poll(() => item.getByLabel('Note for the reporter').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the profile screen, one’s own and (for an admin) another’s', async ({ page }) => {
    await signInAs(page, reporter);
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Your profile' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the admin dashboard and its dialogs', async ({ page }) => {
    await signInAs(page, site().admin);
    await page.goto('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Beat Management' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: /^Delete / }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Reporter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reporter' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => dialog.getByText('Username is required').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Escape closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toMatch(/Add Reporter/);

    await page.getByRole('button', { name: 'Add Beat' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Add Beat' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Review/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
  test('the admin’s every tab, and the newsroom list on the dashboard', async ({ page }) => {
    await signInAs(page, site().admin);
    await page.goto('/dashboard');
    await expect
      .poll(() => page.getByRole('region', { name: 'Newsroom stories' }).getByRole('listitem').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await seriousViolations(page), 'Newsroom').toEqual([]);
    await page.goto('/admin');
    for (const tab of ADMIN_TABS.slice(1)) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await settled(page);
      expect(await seriousViolations(page), tab).toEqual([]);
    }
  }, 180_000);

  test('the questions asked before a newsletter or an alert goes out', async ({ page }) => {
    const token = await signInAs(page, site().admin);
    const published = await createStoryViaApi(token, { status: 'published', title: unique('Axe send') });
    await page.goto(`/edit/${published.id}`);
    const card = page.locator('.story-send-card');
    await card.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog', { name: /^Send to \d[\d,]* subscribers? of / }).count(), { timeout: 15_000 }).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('section.alerts-card').getByRole('button', { name: 'Send alert' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Send to every reader following Breaking news?' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  }, 180_000);

  describe('at a phone’s size', () => {
    test('the dashboard, each tab, and the editor with its action bar', async ({ page }) => {
      await page.setViewportSize(viewportFor(390));
      await signInAs(page, site().admin);
      await page.goto('/dashboard');
      await expect
        .poll(() => page.getByRole('region', { name: 'Newsroom stories' }).getByRole('listitem').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(await seriousViolations(page), 'Newsroom').toEqual([]);
      for (const tab of ['Overview', 'Live Stream', 'Record', 'Upload', 'My Stories']) {
        await page.getByRole('tab', { name: tab }).click();
        expect(await seriousViolations(page), tab).toEqual([]);
      }
      await page.goto(`/edit/${story.id}`);
      await expect.poll(() => page.getByRole('region', { name: 'Story actions' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await seriousViolations(page), 'editor').toEqual([]);
      await page.goto('/story/new');
      await page.getByRole('button', { name: 'Create Story' }).click();
      await expect.poll(() => page.getByText('Title is required').count()).toBe(1);
      expect(await seriousViolations(page), 'new story with errors').toEqual([]);
    }, 240_000);

    test('the admin’s every tab, and the profile', async ({ page }) => {
      await page.setViewportSize(viewportFor(390));
      await signInAs(page, site().admin);
      await page.goto('/admin');
      await expect.poll(() => page.getByRole('heading', { name: 'Beat Management' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await seriousViolations(page), 'Newsroom').toEqual([]);
      for (const tab of ADMIN_TABS.slice(1)) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await settled(page);
        expect(await seriousViolations(page), tab).toEqual([]);
      }
      await page.goto('/profile');
      await expect.poll(() => page.getByRole('heading', { name: 'Your profile' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await seriousViolations(page), 'profile').toEqual([]);
    }, 240_000);
  });
});
