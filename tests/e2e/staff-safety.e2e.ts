import { beforeAll, describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';
import { createReporterViaApi, createStoryViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/** Nothing a reporter writes is lost or overwritten by accident, and nobody edits what is not theirs. */
describe.sequential('staff safety nets', () => {
  let first: E2eAccount;
  let second: E2eAccount;
  let firstToken: string;

  beforeAll(async () => {
    const adminToken = await apiLogin(site().admin);
    first = await createReporterViaApi(adminToken, uniqueUsername('first'));
    second = await createReporterViaApi(adminToken, uniqueUsername('second'));
    firstToken = await apiLogin(first);
  });

  test('a reporter deletes a story after confirming, and Undo in the notice brings it back', async ({ page, pageErrors }) => {
    const story = await createStoryViaApi(firstToken, { title: unique('Story to delete'), status: 'draft' });
    await signInAs(page, first);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'My Stories' }).click();
    const row = page.getByRole('region', { name: 'My Stories' }).getByRole('listitem').filter({ hasText: story.title });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);

    await row.getByRole('button', { name: `Delete “${story.title}”` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this story?' });
    await confirm.getByRole('button', { name: 'Delete story' }).click();
    await expect.poll(() => page.getByText(`“${story.title}” was deleted.`).count()).toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    expect((await apiCall(`/api/stories/${story.id}`, { token: firstToken })).status).toBe(404);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByText('Story restored').count()).toBe(1);
    await expect.poll(() => row.count()).toBe(1);
    const back = await apiCall<Story>(`/api/stories/${story.id}`, { token: firstToken });
    expect(back.status).toBe(200);
    expect(back.body.title).toBe(story.title);
    expect(pageErrors).toEqual([]);
  });

  test("a second reporter cannot open the first one's story in the editor", async ({ page, pageErrors }) => {
    const story = await createStoryViaApi(firstToken, { title: unique('Not yours'), status: 'published' });
    await signInAs(page, second);
    await page.goto(`/edit/${story.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Story Not Found' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByLabel('Title').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(pageErrors).toEqual([]);
  });

  test('a stale save shows the conflict and overwrites nothing until the reporter chooses to', async ({ page, pageErrors }) => {
    const story = await createStoryViaApi(firstToken, {
      title: unique('Contested story'),
      status: 'draft',
      description: 'Original description',
    });
    await signInAs(page, first);
    await page.goto(`/edit/${story.id}`);
    await expect.poll(() => page.getByLabel('Title').inputValue(), { timeout: 15_000 }).toBe(story.title);

    // Meanwhile, the same story is saved from somewhere else.
    const elsewhere = await apiCall<Story>(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: firstToken,
      json: {
        title: 'Changed elsewhere',
        slug: story.slug,
        description: story.description,
        content: story.content,
        status: 'draft',
        version: story.version,
      },
    });
    expect(elsewhere.status).toBe(200);

    await page.getByLabel('Description').fill('My newer description');
    await page.getByRole('button', { name: 'Update Story' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'This story was changed while you were editing it' });
    await expect.poll(() => conflict.count()).toBe(1);
    expect(await conflict.innerText()).toMatch(/Title, Description/);
    expect(page.url()).toContain(`/edit/${story.id}`);
    let stored = (await apiCall<Story>(`/api/stories/${story.id}`, { token: firstToken })).body;
    expect(stored).toMatchObject({ title: 'Changed elsewhere', description: 'Original description' });

    // The reporter keeps their text and saves over the newer version deliberately.
    await conflict.getByRole('button', { name: 'Keep my version' }).click();
    await expect.poll(() => page.getByText('Your version is kept').count()).toBe(1);
    await page.getByRole('button', { name: 'Update Story' }).click();
    await page.waitForURL(`**/story/${story.slug}`);
    stored = (await apiCall<Story>(`/api/stories/${story.id}`, { token: firstToken })).body;
    expect(stored).toMatchObject({ title: story.title, description: 'My newer description', version: elsewhere.body.version + 1 });
    expect(pageErrors).toEqual([]);
  });

  test('a stale save can also be resolved by loading the saved version', async ({ page, pageErrors }) => {
    const story = await createStoryViaApi(firstToken, { title: unique('Second contest'), status: 'draft' });
    await signInAs(page, first);
    await page.goto(`/edit/${story.id}`);
    await expect.poll(() => page.getByLabel('Title').inputValue(), { timeout: 15_000 }).toBe(story.title);
    await apiCall(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: firstToken,
      json: {
        title: 'Their title',
        slug: story.slug,
        description: story.description,
        content: story.content,
        status: 'draft',
        version: story.version,
      },
    });
    await page.getByLabel('Title').fill('My title');
    await page.getByRole('button', { name: 'Update Story' }).click();
    await page.getByRole('button', { name: 'Load saved version (discard mine)' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('Their title');
    expect((await apiCall<Story>(`/api/stories/${story.id}`, { token: firstToken })).body.title).toBe('Their title');
    expect(pageErrors).toEqual([]);
  });

  test('unsaved work is kept on the device and offered back after a reload; leaving asks first', async ({ page, pageErrors }) => {
    const title = unique('Half-written story');
    await signInAs(page, first);
    await page.goto('/story/new');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'Story Content' }).click();
    await page.keyboard.type('A paragraph that must not be lost.');
    // Give the autosave its moment, then reload as a crash would (the browser's leave warning is accepted).
    await page.waitForTimeout(800);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();

    const offer = page.getByRole('region', { name: 'Unsaved changes found' });
    await expect.poll(() => offer.count(), { timeout: 15_000 }).toBe(1);
    await offer.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Story Content' }).innerText())
      .toContain('A paragraph that must not be lost.');

    // In-app navigation with unsaved changes asks first.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.poll(() => leave.count()).toBe(1);
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    expect(page.url()).toContain('/story/new');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL('**/dashboard');

    // Discarded means gone: a new story starts clean.
    await page.goto('/story/new');
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(300);
    expect(await page.getByRole('region', { name: 'Unsaved changes found' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('missing title, description and content are announced with docs/product messages and nothing is sent', async ({
    page,
    pageErrors,
  }) => {
    await signInAs(page, first);
    await page.goto('/story/new');
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/stories') posted = true;
    });
    await page.getByRole('button', { name: 'Create Story' }).click();
    await expect.poll(() => page.getByText('Title is required').count()).toBe(1);
    expect(await page.getByText('Description is required').count()).toBe(1);
    expect(await page.getByText('Content is required').count()).toBe(1);
    expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('story-title');
    expect(posted).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});

describe('who may open the staff screens', () => {
  test('a visitor who is not signed in is sent to /login from the dashboard and the editor', async ({ page }) => {
    for (const path of ['/dashboard', '/story/new', '/edit/1']) {
      await page.goto(path);
      await page.waitForURL('**/login', { timeout: 15_000 });
    }
  });

  test('a reporter opening /admin is sent to /dashboard', async ({ page }) => {
    const adminToken = await apiLogin(site().admin);
    const reporter = await createReporterViaApi(adminToken, uniqueUsername('nosy'));
    await signInAs(page, reporter);
    await page.goto('/admin');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Reporter Dashboard' }).count()).toBe(1);
  });
});
