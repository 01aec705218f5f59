import type { BrowserContext, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { FAKE_MEDIA_FLAGS, launchChromium } from '../../../scripts/lib/chromium.ts';
import { site } from './site.ts';
import { logSlowRequests } from './slow-requests.ts';

/**
 * The journey test API: `test('...', async ({ page }) => ...)`. One Chromium per file (with the fake
 * camera and microphone, so media journeys need nothing more), a fresh context per test (no
 * cookies or localStorage carried over) whose relative URLs resolve against the site under test,
 * and `pageErrors`: the uncaught exceptions the page threw during the test. (Console errors are
 * left out: offline, YouTube embeds and remote media log failed loads there.)
 */
export const test = base
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchChromium(FAKE_MEDIA_FLAGS);
    logSlowRequests(browser);
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('context', async ({ browser }, { onCleanup }): Promise<BrowserContext> => {
    const context = await browser.newContext({ baseURL: site().baseUrl, viewport: { width: 1280, height: 800 } });
    onCleanup(() => context.close());
    return context;
  })
  .extend('pageErrors', (): string[] => [])
  .extend('page', async ({ context, pageErrors }): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  });

export { expect } from 'vitest';
