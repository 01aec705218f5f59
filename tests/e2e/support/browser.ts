import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { test as base } from 'vitest';
import { site } from './site.ts';

/** Debian's Chromium (apt-get install -y chromium); playwright's own browser download does not work here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
/** A real (synthetic) camera and microphone, allowed without a prompt: for recorder and live-stream journeys. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/**
 * The journey test API: `test('...', async ({ page }) => ...)`. One Chromium per file (with the fake
 * camera and microphone, so media journeys need nothing more), a fresh context per test (no
 * cookies or localStorage carried over) whose relative URLs resolve against the site under test,
 * and `pageErrors`: the uncaught exceptions the page threw during the test. (Console errors are
 * left out: offline, YouTube embeds and remote media log failed loads there.)
 */
export const test = base
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchChromium(FAKE_MEDIA_ARGS);
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
