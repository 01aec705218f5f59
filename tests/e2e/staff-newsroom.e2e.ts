import type { Request } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import type { User } from '../../src/domain/users/entities.ts';
import { slugify } from '../../src/domain/story/slug.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './support/site.ts';
import { logInThroughForm, signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * The newsroom's main staff journey, in order: the admin sets up a beat and a reporter; the
 * reporter writes and publishes a story with the editor, edits it again; the admin deletes the
 * reporter and the story stays public.
 */
describe.sequential('a story from the admin desk to the home page', () => {
  const beatName = unique('City Hall');
  const reporter: E2eAccount = {
    username: uniqueUsername('cub'),
    email: '',
    password: 'cub-reporter-secret',
    firstName: null,
    lastName: null,
  };
  reporter.email = `${reporter.username}@example.com`;
  const title = unique('Council meets in secret');
  let story: Story;
  let createdContent: string;

  let adminToken: string;
  beforeAll(async () => {
    adminToken = await apiLogin(site().admin);
  });

  test('an admin adds a beat and a reporter', async ({ page, pageErrors }) => {
    await signInAs(page, site().admin);
    await page.goto('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Dashboard' }).count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole('button', { name: 'Add Beat' }).click();
    const beatDialog = page.getByRole('dialog', { name: 'Add Beat' });
    await beatDialog.getByLabel('Beat Name').fill(beatName);
    await beatDialog.getByLabel('Description').fill('Council votes, budgets and the mayor');
    await beatDialog.getByRole('button', { name: 'Create Beat' }).click();
    await expect.poll(() => page.getByText('Beat created successfully!').count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'Beat Management' }).getByText(beatName, { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Add Reporter' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Add Reporter' });
    expect(await userDialog.getByLabel('Role').inputValue()).toBe('reporter');
    await userDialog.getByLabel('Username').fill(reporter.username);
    await userDialog.getByLabel('Email').fill(reporter.email);
    await userDialog.getByLabel('Password').fill(reporter.password);
    await userDialog.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => page.getByText('User created successfully!').count()).toBe(1);
    const row = page.getByRole('listitem').filter({ hasText: reporter.email });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await row.getByText('reporter', { exact: true }).count()).toBe(1);

    const users = await apiCall<User[]>('/api/users', { token: adminToken });
    expect(users.body.find((user) => user.username === reporter.username)).toMatchObject({ role: 'reporter', isActive: true });
    const beats = await apiCall<Beat[]>('/api/beats');
    expect(beats.body.map((beat) => beat.name)).toContain(beatName);
    expect(pageErrors).toEqual([]);
  });

  test('the reporter writes a story with bold, a list, a link and a YouTube embed, files it under the beat and publishes it', async ({
    page,
    pageErrors,
  }) => {
    await logInThroughForm(page, reporter);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'New Story' }).first().click();
    await page.waitForURL('**/story/new');
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);

    await page.getByLabel('Title').fill(title);
    // Create mode: the slug follows the title while it is blank or still generated.
    expect(await page.getByLabel('URL Slug (optional)').inputValue()).toBe(slugify(title));
    await page.getByLabel('Description').fill('The budget was settled behind closed doors.');

    const editor = page.getByRole('textbox', { name: 'Story Content' });
    await editor.click();
    await page.keyboard.type('The council met ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('in secret');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' on Tuesday.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('The budget grew');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Nobody was told');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the minutes');
    for (let i = 0; i < 'minutes'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    // The app's own dialog asks, in SPEC's words (no browser prompt).
    await page.getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Enter URL:').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Apply Link' }).click();
    await expect.poll(() => linkDialog.getByText("That link can't be used.", { exact: false }).count()).toBe(1);
    await linkDialog.getByLabel('Enter URL:').fill('https://example.com/minutes');
    await linkDialog.getByRole('button', { name: 'Apply Link' }).click();
    await expect.poll(() => linkDialog.count()).toBe(0);
    await expect.poll(() => editor.locator('a[href="https://example.com/minutes"]').count()).toBe(1);
    await expect.poll(() => editor.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('End');
    // ProseMirror reads a native caret move on its next selectionchange; an Enter before that acts on the old selection.
    await expect
      .poll(() =>
        editor.evaluate(
          (element) => (element as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state.selection.empty,
        ),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'YouTube video' }).click();
    const videoDialog = page.getByRole('dialog', { name: 'YouTube video' });
    await videoDialog.getByLabel('Enter YouTube URL:').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await videoDialog.getByRole('button', { name: 'Insert Video' }).click();
    await expect.poll(() => editor.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]').count()).toBe(1);

    await page.getByLabel('Beat').selectOption({ label: beatName });
    await page.getByLabel('Status').selectOption('published');

    const created = page.waitForRequest(
      (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/stories',
    );
    await page.getByRole('button', { name: 'Create Story' }).click();
    createdContent = ((await created).postDataJSON() as { content: string }).content;
    await page.waitForURL(`**/story/${slugify(title)}`);
    await expect.poll(() => page.getByText('Story created successfully').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: title }).count(), { timeout: 15_000 }).toBe(1);

    const shown = await apiCall<Story>(`/api/stories/slug/${slugify(title)}`);
    expect(shown.status).toBe(200);
    story = shown.body;
    expect(story).toMatchObject({ title, status: 'published', beat: { name: beatName } });
    expect(story.content).toContain('<strong>in secret</strong>');
    expect(story.content).toMatch(/<ul><li><p>The budget grew<\/p><\/li><li><p>Nobody was told<\/p><\/li><\/ul>/);
    expect(story.content).toMatch(/<a [^>]*href="https:\/\/example\.com\/minutes"[^>]*>minutes<\/a>/);
    expect(story.content).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    // What the viewer shows is what was written.
    const article = page.locator('main');
    expect(await article.locator('strong', { hasText: 'in secret' }).count()).toBe(1);
    expect(await article.locator('a[href="https://example.com/minutes"]').count()).toBe(1);
    expect(await article.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]').count()).toBe(1);

    await page.goto('/');
    await expect.poll(() => page.getByText(title, { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  test('the reporter edits it again: "Last updated" shows, and the content reads back exactly as the editor wrote it', async ({
    page,
    pageErrors,
  }) => {
    await signInAs(page, reporter);
    await page.goto(`/edit/${story.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Story' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByText(/^Last updated /).count()).toBe(1);
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    expect(await page.getByLabel('Beat').inputValue()).toBe(String(story.beatId));
    const preview = page.getByRole('link', { name: /Preview/ });
    expect(await preview.getAttribute('href')).toBe(`/story/${story.slug}`);
    expect(await preview.getAttribute('target')).toBe('_blank');

    const newTitle = `${title} (updated)`;
    await page.getByLabel('Title').fill(newTitle);
    // Edit mode: the slug stays what it was.
    expect(await page.getByLabel('URL Slug (optional)').inputValue()).toBe(story.slug);
    const updated = page.waitForRequest(
      (request: Request) => request.method() === 'PUT' && new URL(request.url()).pathname === `/api/stories/${story.id}`,
    );
    await page.getByRole('button', { name: 'Update Story' }).click();
    const sent = (await updated).postDataJSON() as { content: string; version: number };
    expect(sent.version).toBe(story.version);
    // Editor output -> server sanitiser -> editor again: nothing lost or changed on the way.
    expect(sent.content).toBe(createdContent);
    await page.waitForURL(`**/story/${story.slug}`);
    await expect.poll(() => page.getByText('Story updated successfully').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: newTitle }).count(), { timeout: 15_000 }).toBe(1);
    story = (await apiCall<Story>(`/api/stories/${story.id}`)).body;
    expect(story.title).toBe(newTitle);
    expect(pageErrors).toEqual([]);
  });

  test("the admin deletes the reporter; the reporter's published story stays public", async ({ page, browser, pageErrors }) => {
    await signInAs(page, site().admin);
    await page.goto('/admin');
    const row = page.getByRole('listitem').filter({ hasText: reporter.email });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: `Delete ${reporter.username}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${reporter.username}?` });
    expect(await confirm.innerText()).toMatch(/Their stories stay/);
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect.poll(() => page.getByText('User deleted successfully!').count()).toBe(1);
    await expect.poll(() => row.getByText('Inactive', { exact: true }).count()).toBe(1);

    const signIn = await apiCall('/api/auth/login', {
      method: 'POST',
      json: { emailOrUsername: reporter.email, password: reporter.password },
    });
    expect(signIn.status).toBe(401);

    const reader = await browser.newContext({ baseURL: site().baseUrl });
    try {
      const readerPage = await reader.newPage();
      await readerPage.goto(`/story/${story.slug}`);
      await expect.poll(() => readerPage.getByRole('heading', { name: story.title }).count(), { timeout: 15_000 }).toBe(1);
    } finally {
      await reader.close();
    }
    const anonymous = await apiCall<Story>(`/api/stories/slug/${story.slug}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.author.username).toBe(reporter.username);
    expect(pageErrors).toEqual([]);
  });
});
