import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';
import { createStoryViaApi, signInAs, unique } from './support/staff.ts';

/**
 * The newsroom's working day in the browser: a scheduled story goes out by itself (the minute job
 * of `npm start`, not the test), a story goes through review and back, History restores an old
 * paragraph, and a correction reaches the reader.
 */

/** Fills the editor's Story Details and content for a new story. */
async function writeStory(page: Page, title: string, paragraph: string): Promise<void> {
  await page.goto('/story/new');
  await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Written in the working-day journey');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type(paragraph);
  await expect.poll(() => editor.textContent()).toContain(paragraph);
}

/** The story of that title as stored (through an admin's eyes: any status). */
async function storedByTitle(adminToken: string, title: string): Promise<Story | undefined> {
  const res = await apiCall<Story[]>('/api/stories?limit=100', { token: adminToken });
  return res.body.find((story) => story.title === title);
}

let adminToken: string;
let reporter: E2eAccount;
beforeAll(async () => {
  adminToken = await apiLogin(site().admin);
  reporter = site().reporters[0]!;
});

describe('scheduled publishing', () => {
  test(
    'a reporter schedules a story for the next minute and it appears on the home page by itself',
    { timeout: 240_000 },
    async ({ page, context, pageErrors }) => {
      const title = unique('Embargo lifts at dawn');
      await signInAs(page, reporter);
      await writeStory(page, title, 'The report is published at the time its authors agreed.');
      await page.getByLabel('Status').selectOption('scheduled');
      // The next whole minute at least 30 s away (time to save), as the reporter's own clock reads it:
      // `npm start`'s minute job runs at that minute's start.
      const local = await page.evaluate(() => {
        const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      });
      await page.getByLabel('Publish on').fill(local);
      await page.getByRole('button', { name: 'Create Story' }).click();
      await expect.poll(() => page.getByText('Story created successfully').count(), { timeout: 15_000 }).toBe(1);

      const stored = (await storedByTitle(adminToken, title))!;
      expect(stored.status).toBe('scheduled');
      expect(stored.publishAt).toBe(await page.evaluate((value) => new Date(value).toISOString(), local));

      // My Stories says when, in the reporter's time zone.
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'My Stories' }).click();
      const row = page.getByRole('listitem').filter({ hasText: title });
      await expect.poll(() => row.getByText(/^Scheduled for /).count(), { timeout: 15_000 }).toBe(1);

      // A reader's page: nothing yet, then the story, with no one doing anything but waiting.
      const reader = await context.browser()!.newContext({ baseURL: site().baseUrl });
      const home = await reader.newPage();
      await home.goto('/');
      expect(await home.getByText(title, { exact: true }).count()).toBe(0);
      expect((await apiCall(`/api/stories/slug/${stored.slug}`)).status).toBe(404);
      await expect
        .poll(
          async () => {
            await home.reload();
            return home.getByText(title, { exact: true }).count();
          },
          // Due within 90 s; a job that ran a moment before its minute publishes it at the next.
          { timeout: 165_000, interval: 5_000 },
        )
        .toBeGreaterThan(0);
      const published = (await apiCall<Story>(`/api/stories/slug/${stored.slug}`)).body;
      expect(published).toMatchObject({ status: 'published', publishedAt: stored.publishAt });
      await reader.close();
      expect(pageErrors).toEqual([]);
    },
  );
});

describe.sequential('editorial review', () => {
  const title = unique('Hospital contract questions');
  const note = 'Name the second source before this goes out.';
  let story: Story;

  test('the reporter submits a story for review instead of publishing it', async ({ page, pageErrors }) => {
    await signInAs(page, reporter);
    await writeStory(page, title, 'Two officials approved the contract without a tender.');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => page.getByText('Story created successfully').count(), { timeout: 15_000 }).toBe(1);
    story = (await storedByTitle(adminToken, title))!;
    expect(story.status).toBe('in_review');
    // Its author's story page names the status as the staff screens do, not as stored.
    const badges = page.getByRole('list', { name: 'About this story' });
    await expect.poll(() => badges.textContent(), { timeout: 15_000 }).toContain('In review');
    expect(await badges.textContent()).not.toContain('in_review');
    expect((await apiCall(`/api/stories/slug/${story.slug}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  test('an admin reads it in the Review tab and sends it back with a note', async ({ page, pageErrors }) => {
    await signInAs(page, site().admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Review/ }).click();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    await item.getByRole('button', { name: 'Read the story' }).click();
    // Readable as it will look: the story page's own article.
    await expect.poll(() => item.locator('.review-preview .article-content').textContent()).toContain('without a tender');
    await item.getByRole('button', { name: `Send back “${title}”` }).click();
    await item.getByLabel('Note for the reporter').fill(note);
    await item.getByRole('button', { name: 'Send back with this note' }).click();
    await expect.poll(() => page.getByText(/went back to/).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => item.count()).toBe(0);
    expect(await storedByTitle(adminToken, title)).toMatchObject({ status: 'draft', reviewNote: note });
    expect(pageErrors).toEqual([]);
  });

  test('the reporter sees the note in My Stories and in the editor, changes the story and resubmits', async ({ page, pageErrors }) => {
    await signInAs(page, reporter);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'My Stories' }).click();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect.poll(() => row.getByText(note).count(), { timeout: 15_000 }).toBe(1);

    await page.goto(`/edit/${story.id}`);
    const notice = page.getByRole('note').filter({ hasText: 'Sent back by the editor' });
    await expect.poll(() => notice.getByText(note).count(), { timeout: 15_000 }).toBe(1);
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A second official, the deputy treasurer, confirmed it.');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => page.getByText('Story updated successfully').count(), { timeout: 15_000 }).toBe(1);
    expect(await storedByTitle(adminToken, title)).toMatchObject({ status: 'in_review' });
    expect(pageErrors).toEqual([]);
  });

  test('the admin approves it and readers can read it', async ({ page, context, pageErrors }) => {
    await signInAs(page, site().admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /^Review/ }).click();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    await item.getByRole('button', { name: `Approve “${title}”` }).click();
    await expect.poll(() => page.getByText(`“${title}” is published.`).count(), { timeout: 15_000 }).toBe(1);

    const reader = await context.browser()!.newContext({ baseURL: site().baseUrl });
    const storyPage = await reader.newPage();
    const res = await storyPage.goto(`/story/${story.slug}`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => storyPage.getByRole('heading', { name: title }).count()).toBe(1);
    expect(await storyPage.getByText('the deputy treasurer').count()).toBe(1);
    await reader.close();
    expect(pageErrors).toEqual([]);
  });
});

describe('revision history', () => {
  test('a reporter changes a paragraph, sees the change marked in History, and restores the old text', async ({ page, pageErrors }) => {
    const token = await apiLogin(reporter);
    const story = await createStoryViaApi(token, {
      title: unique('Bridge reopening'),
      content: '<p>The bridge reopens on Monday morning.</p><p>Buses keep their detour.</p>',
    });
    await signInAs(page, reporter);
    await page.goto(`/edit/${story.id}`);
    const editor = page.locator('.ProseMirror');
    await expect.poll(() => editor.textContent(), { timeout: 15_000 }).toContain('Monday morning');
    // Replace the first paragraph.
    await editor.locator('p').first().click({ clickCount: 3 });
    await page.keyboard.type('The bridge reopens on Friday evening.');
    await expect.poll(() => editor.locator('p').first().textContent()).toBe('The bridge reopens on Friday evening.');
    await page.getByRole('button', { name: 'Update Story' }).click();
    await expect.poll(() => page.getByText('Story updated successfully').count(), { timeout: 15_000 }).toBe(1);

    await page.goto(`/edit/${story.id}`);
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: /^Version 1/ }).click();
    const changes = history.getByRole('group', { name: 'Content changes' });
    await expect
      .poll(() => changes.locator('del').allTextContents(), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('Monday')]));
    expect((await changes.locator('ins').allTextContents()).join(' ')).toContain('Friday');
    expect((await changes.locator('del').allTextContents()).join(' ')).toContain('morning');
    // The untouched paragraph is not marked.
    expect((await changes.locator('ins, del').allTextContents()).join(' ')).not.toContain('detour');

    await history.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => page.getByText(/^Version 1 is now the current text/).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => editor.locator('p').first().textContent()).toBe('The bridge reopens on Monday morning.');
    const restored = (await apiCall<Story>(`/api/stories/${story.id}`, { token })).body;
    expect(restored.content).toBe('<p>The bridge reopens on Monday morning.</p><p>Buses keep their detour.</p>');
    expect(restored.version).toBe(story.version + 2);
    expect(pageErrors).toEqual([]);
  });
});

describe('corrections', () => {
  test('an admin adds a correction and an anonymous reader sees it on the story page', async ({ page, context, pageErrors }) => {
    const story = await createStoryViaApi(await apiLogin(reporter), { title: unique('Council tax rise') });
    const correction = 'An earlier version said the rise was 9%. It is 4.9%.';
    await signInAs(page, site().admin);
    await page.goto(`/edit/${story.id}`);
    const card = page.getByRole('region', { name: 'Corrections' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    await card.getByLabel('Add a correction').fill(correction);
    // Permanent, so it asks first; Cancel sends nothing and keeps the note.
    await card.getByRole('button', { name: 'Publish correction' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish this correction?' });
    await expect.poll(() => confirm.count(), { timeout: 15_000 }).toBe(1);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect((await apiCall<Story>(`/api/stories/${story.id}`)).body.corrections).toEqual([]);
    expect(await card.getByLabel('Add a correction').inputValue()).toBe(correction);
    await card.getByRole('button', { name: 'Publish correction' }).click();
    await confirm.getByRole('button', { name: 'Publish correction' }).click();
    await expect.poll(() => page.getByText('Correction published').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => card.getByText(correction, { exact: false }).count()).toBe(1);
    // A correction is not an edit of the text: the editor's next save goes through, no conflict.
    await page.getByRole('button', { name: 'Update Story' }).click();
    await expect.poll(() => page.getByText('Story updated successfully').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('This story was changed by someone else', { exact: false }).count()).toBe(0);

    const reader = await context.browser()!.newContext({ baseURL: site().baseUrl });
    const storyPage = await reader.newPage();
    await storyPage.goto(`/story/${story.slug}`);
    const corrections = storyPage.getByRole('region', { name: 'Corrections' });
    // The one date style (decision 046): in UTC and saying so.
    await expect
      .poll(() => corrections.textContent())
      .toMatch(/Correction, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} [AP]M UTC: An earlier version said the rise was 9%\. It is 4\.9%\./);
    expect(await storyPage.getByText(/^Updated /).count()).toBe(1);
    await reader.close();

    const html = await (await fetch(`${site().baseUrl}/story/${story.slug}`)).text();
    expect(html).toContain('"@type":"CorrectionComment"');
    expect(html).toContain('"dateModified"');
    expect(pageErrors).toEqual([]);
  });
});
