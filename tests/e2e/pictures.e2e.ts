import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { describe } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { expect, test } from './support/browser.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createReporterViaApi, signInAs, unique, uniqueUsername } from './support/staff.ts';

/**
 * Issue 19's pictures, as a reporter publishes one and readers get it: the featured picture chosen
 * in the editor with its alt text, caption and credit; on the story page with its caption and
 * credit, at the width the screen needs (srcset/sizes), in AVIF, the one high-priority picture;
 * cards on the home page lazy below the fold. At a desktop size and a phone's.
 */
const PHOTO = resolve(import.meta.dirname, '../fixtures/harbour-photo.jpg');
const WORDS = {
  alt: 'Sandbags stacked along the harbour wall at dusk',
  caption: 'Volunteers filled 4,000 sandbags overnight.',
  credit: 'Photograph: Maya Okafor/The Newsroom',
};

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
} as const;

let story: Story;

test('a reporter gives the story a picture from a file, with its alt text, caption and credit, and publishes it', async ({
  page,
  pageErrors,
}) => {
  const reporter = await createReporterViaApi(await apiLogin(site().admin), uniqueUsername('photographer'));
  const token = await signInAs(page, reporter);
  await page.goto('/story/new');
  await expect.poll(() => page.getByRole('heading', { name: 'Create New Story' }).count(), { timeout: 15_000 }).toBe(1);
  const title = unique('Harbour wall holds');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Volunteers worked through the night.');
  await page.getByRole('textbox', { name: 'Story Content' }).click();
  await page.keyboard.type('The wall held.');

  const picture = page.getByRole('group', { name: 'Featured Image' });
  const chooser = page.waitForEvent('filechooser');
  await picture.getByRole('button', { name: 'Choose a Picture', exact: true }).click();
  await (await chooser).setFiles(PHOTO);
  await expect
    .poll(() => page.getByLabel('…or the picture’s address').inputValue(), { timeout: 20_000 })
    .toMatch(/^\/media\/images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
  await expect.poll(() => picture.locator('img.featured-image-preview').count()).toBe(1);
  await page.getByLabel('Alt text', { exact: true }).fill(WORDS.alt);
  await page.getByLabel('Caption (optional)').fill(WORDS.caption);
  await page.getByLabel('Credit (optional)').fill(WORDS.credit);
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Create Story' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/story/') && url.pathname !== '/story/new');

  story = (await apiCall<Story>(`/api/stories/slug/${new URL(page.url()).pathname.split('/').pop()}`, { token })).body;
  expect(story).toMatchObject({
    title,
    status: 'published',
    featuredImageAlt: WORDS.alt,
    featuredImageCaption: WORDS.caption,
    featuredImageCredit: WORDS.credit,
  });

  // Back in the editor, the words are there to change.
  await page.goto(`/edit/${story.id}`);
  await expect.poll(() => page.getByLabel('Alt text', { exact: true }).inputValue(), { timeout: 15_000 }).toBe(WORDS.alt);
  expect(await page.getByLabel('Credit (optional)').inputValue()).toBe(WORDS.credit);
  expect(pageErrors).toEqual([]);
});

/** A reader's page, and the pictures it was sent (their address to the answer's type and width), as the browser asked for them. */
async function readerAt(browser: Browser, size: keyof typeof SIZES, path: string) {
  const context = await browser.newContext({ baseURL: site().baseUrl, ...SIZES[size] });
  const page = await context.newPage();
  const pictures = new Map<string, { type: string | undefined; width: string | undefined }>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image')
      pictures.set(response.url(), { type: response.headers()['content-type'], width: response.headers()['x-picture-width'] });
  });
  await page.goto(path);
  return Object.assign(page, { pictures });
}

for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
  describe(`a reader at ${size} size`, () => {
    test('sees the picture with its caption and credit, at the width the screen needs, in AVIF', async ({ browser }) => {
      const page = await readerAt(browser, size, `/story/${story.slug}`);
      const figure = page.locator('figure.article-figure');
      const image = figure.locator('img');
      expect(await image.getAttribute('alt')).toBe(WORDS.alt);
      expect(await figure.locator('figcaption').innerText()).toBe(`${WORDS.caption} ${WORDS.credit}`);
      expect(await image.getAttribute('fetchpriority')).toBe('high');
      expect(await image.getAttribute('width')).toBe('1280');
      expect(await image.getAttribute('height')).toBe('720');
      expect(await image.getAttribute('srcset')).toContain(`${story.featuredImageUrl}?w=320 320w`);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 })
        .toBe(true);
      const shown = await image.evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        laidOut: img.getBoundingClientRect().width,
        ratio: devicePixelRatio,
      }));
      const width = Number(new URL(shown.src).searchParams.get('w'));
      // The smallest served width that covers the picture's box on this screen, and no more.
      expect(width).toBeGreaterThanOrEqual(shown.laidOut * shown.ratio);
      expect(width).toBeLessThan(shown.laidOut * shown.ratio * 1.5);
      expect(page.pictures.get(shown.src)).toEqual({ type: 'image/avif', width: String(width) });
      expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);
      await page.context().close();
    });

    test('on the home page, cards ask for their own width and are marked to load lazily', async ({ browser }) => {
      // The latest cards have pictures, whatever the journeys before this one published.
      const token = await apiLogin(site().admin);
      const made: Story[] = [];
      for (let n = 0; n < 3; n++) {
        const res = await apiCall<Story>('/api/stories', {
          method: 'POST',
          token,
          json: {
            title: unique('Card with a picture'),
            description: 'A card.',
            content: '<p>Card.</p>',
            status: 'published',
            featuredImageUrl: story.featuredImageUrl,
          },
        });
        expect(res.status).toBe(201);
        made.push(res.body);
      }
      const page = await readerAt(browser, size, '/');
      const cards = page.locator('.story-card img');
      await expect.poll(() => cards.count()).toBeGreaterThan(2);
      for (const card of await cards.all()) {
        expect(await card.getAttribute('loading')).toBe('lazy');
        expect(await card.getAttribute('alt')).toBe('');
        expect(await card.getAttribute('sizes')).toBe(
          '(max-width: 40rem) calc(100vw - 2rem), (max-width: 60rem) calc(50vw - 2.25rem), 352px',
        );
      }
      const last = cards.last();
      await last.scrollIntoViewIfNeeded();
      await expect
        .poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 })
        .toBe(true);
      const shown = await last.evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        laidOut: img.getBoundingClientRect().width,
        ratio: devicePixelRatio,
      }));
      const width = Number(new URL(shown.src).searchParams.get('w'));
      expect(width).toBeGreaterThanOrEqual(shown.laidOut * shown.ratio);
      expect(width).toBeLessThan(Math.max(shown.laidOut * shown.ratio * 1.5, 321));
      await page.context().close();
      for (const card of made) expect((await apiCall(`/api/stories/${card.id}`, { method: 'DELETE', token })).status).toBe(204);
    });
  });
}
