import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { site, type E2eAccount } from './site.ts';
import { signInAs } from './staff.ts';

/** Signs in and opens the Live Stream tab through the dashboard's "Go Live"; answers the session token. */
export async function openLiveTab(page: Page, account: E2eAccount): Promise<string> {
  const token = await signInAs(page, account);
  await page.goto('/dashboard');
  await expect.poll(() => page.getByRole('heading', { name: 'Reporter Dashboard' }).count(), { timeout: 15_000 }).toBe(1);
  // The Quick Actions' "Go Live" opens the Live Stream tab.
  await page.getByRole('button', { name: 'Go Live', exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name: 'Live Stream' }).getAttribute('aria-selected')).toBe('true');
  return token;
}

/** A reader in a browser context of its own (prepared, e.g. as an iPhone, before it opens anything); its uncaught errors go to `errors`. */
export async function readerPage(browser: Browser, errors: string[], prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ baseURL: site().baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await prepare?.(page);
  return page;
}
