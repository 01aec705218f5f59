import { expect, test } from './support/browser.ts';
import { apiLogin, site } from './support/site.ts';
import { createReporterViaApi, signInAs, uniqueUsername } from './support/staff.ts';

/**
 * Issue 19 item 13: the editor's toolbar is one tab stop with the arrow keys between its controls
 * (the WAI-ARIA toolbar pattern), and has heading, subheading and quote buttons.
 */
test('the toolbar is one tab stop; the arrow keys move within it, and it remembers where', async ({ page, pageErrors }) => {
  await signInAs(page, await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('keyboard')));
  await page.goto('/story/new');
  await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
  const focused = () =>
    page.evaluate(
      () =>
        document.activeElement?.getAttribute('aria-label') ??
        document.activeElement?.getAttribute('role') ??
        document.activeElement?.tagName,
    );

  await page.getByLabel('Video URL').focus();
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Bold');
  // Tab leaves the toolbar for the text at once; Shift+Tab comes back to the same control.
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('textbox');
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe('Bold');

  await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe('Italic');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe('Heading');
  await page.keyboard.press('ArrowLeft');
  expect(await focused()).toBe('Underline');
  await page.keyboard.press('End');
  const last = await focused();
  // The toolbar ends with the paywall's marker (issue 29), after Link and YouTube video.
  expect(last).toBe('Preview ends here');
  await page.keyboard.press('Home');
  expect(await focused()).toBe('Bold');
  await page.keyboard.press('ArrowLeft');
  expect(await focused()).toBe(last);
  // The font select is passed with Left and Right too (its own keys are Up and Down).
  await page.getByRole('combobox', { name: 'Font family' }).focus();
  await page.keyboard.press('ArrowRight');
  expect(await focused()).not.toBe('Font family');
  const remembered = await focused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe(remembered);
  // Only one control of the toolbar is in the tab order.
  expect(await page.getByRole('toolbar', { name: 'Formatting' }).locator('[tabindex="0"]').count()).toBe(1);
  expect(pageErrors).toEqual([]);
});

test('heading, subheading and quote buttons format the paragraph and show that they are on', async ({ page, pageErrors }) => {
  await signInAs(page, await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('headings')));
  await page.goto('/story/new');
  await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
  const editor = page.getByRole('textbox', { name: 'Story Content' });
  await editor.click();
  await page.keyboard.type('What we know');
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect.poll(() => editor.locator('h2').innerText()).toBe('What we know');
  expect(await page.getByRole('button', { name: 'Heading', exact: true }).getAttribute('aria-pressed')).toBe('true');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A witness said so.');
  await page.getByRole('button', { name: 'Quote' }).click();
  await expect.poll(() => editor.locator('blockquote').innerText()).toBe('A witness said so.');
  expect(await page.getByRole('button', { name: 'Quote' }).getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('button', { name: 'Subheading' }).click();
  await expect.poll(() => editor.locator('blockquote h3').count()).toBe(1);
  expect(pageErrors).toEqual([]);
});
