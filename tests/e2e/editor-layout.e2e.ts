import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { hiddenAtItsMiddle, scanWhileScrolling, viewportFor, WIDTHS } from './support/layout.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';
import { createReporterViaApi, createStoryViaApi, signInAs, uniqueUsername } from './support/staff.ts';

/**
 * The editor keeps its controls at hand (issue 42, item 1; decision 115): at a phone's and three
 * desktop widths, at every scroll position, no sidebar card covers another and every Access
 * option's label is on top where it is drawn; while the reporter writes, far below the top of the
 * page, the save button and the document's state stay in view, and Ctrl+S saves in place.
 */
describe('the story editor’s layout', () => {
  let reporter: E2eAccount;
  let story: Story;

  beforeAll(async () => {
    reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('layout'));
    story = await createStoryViaApi(await apiLogin(reporter), {
      status: 'draft',
      content: '<p>The harbour council put off its vote on the new ferry route on Tuesday.</p>'.repeat(8),
    });
  });

  async function openEditor(page: Page, width: number) {
    await page.setViewportSize(viewportFor(width));
    await page.goto(`/edit/${story.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Story' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('.ProseMirror').count()).toBe(1);
    await expect.poll(() => page.getByRole('radio', { name: /Paying members/ }).count()).toBe(1);
  }

  for (const width of WIDTHS) {
    test(`at ${width} px no card covers another, at any scroll position`, async ({ page, pageErrors }) => {
      await signInAs(page, reporter);
      await openEditor(page, width);
      expect(await page.locator('.editor-side > *').count()).toBeGreaterThanOrEqual(2);
      expect(await page.locator('#story-access label .format-option-name').count()).toBe(3);
      const problems = await scanWhileScrolling(
        page,
        { boxes: '.editor-side > *', labels: '#story-access label .format-option-name' },
        100,
      );
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, 120_000);

    test(`at ${width} px the save button and the document's state stay in view while writing`, async ({ page, pageErrors }) => {
      await signInAs(page, reporter);
      await openEditor(page, width);
      const bar = page.getByRole('region', { name: 'Story actions' });
      const save = bar.getByRole('button', { name: 'Update Story' });
      const state = bar.getByRole('status');
      expect(await state.textContent()).toBe('Saved');

      const editor = page.locator('.ProseMirror');
      await editor.click();
      await page.keyboard.press('Control+End');
      for (let line = 0; line < 16; line++) {
        await page.keyboard.type(`Line ${width}-${line} of the reporter's story.`);
        await page.keyboard.press('Enter');
        if (line % 5 === 4) {
          // The caret is far down the page: the text scrolled with it, the bar did not.
          expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
          expect(await hiddenAtItsMiddle(save)).toBeNull();
          expect(await hiddenAtItsMiddle(state.locator('.document-state-label'))).toBeNull();
          expect(await state.textContent()).toMatch(/^Unsaved changes/);
        }
      }

      // Ctrl+S saves where the reporter is: the state says so, the page stays, the caret stays in the text.
      await page.keyboard.press('Control+s');
      await expect.poll(() => state.textContent()).toBe('Saved');
      expect(new URL(page.url()).pathname).toBe(`/edit/${story.id}`);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('ProseMirror'))).toBe(true);
      const stored = await apiCall<Story>(`/api/stories/${story.id}`, { token: await apiLogin(reporter) });
      expect(stored.body.content).toContain(`Line ${width}-15 of the reporter's story.`);
      // Writing goes on, and a second save in place is made against the version the first one stored.
      await page.keyboard.type('One more line.');
      await expect.poll(() => state.textContent()).toMatch(/^Unsaved changes/);
      await page.keyboard.press('Meta+s');
      await expect.poll(() => state.textContent()).toBe('Saved');
      const again = await apiCall<Story>(`/api/stories/${story.id}`, { token: await apiLogin(reporter) });
      expect(again.body.content).toContain('One more line.');
      expect(again.body.version).toBe(stored.body.version + 1);
      expect(pageErrors).toEqual([]);
    }, 120_000);
  }
});
