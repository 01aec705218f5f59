import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AlertView } from '../../src/domain/alerts/alert.ts';
import type { Beat } from '../../src/domain/beats/entities.ts';
import { expect, test } from './support/browser.ts';
import { LocalPushService, shownNotifications } from './support/push-service.ts';
import { apiCall, apiLogin, site } from './support/site.ts';
import { createStoryViaApi, signInAs, unique } from './support/staff.ts';

/**
 * Issue 31's journeys: a reader turns breaking-news alerts on from the header (the browser asks only
 * on that tap), the story's author sends one from the editor and watches it go out, the reader's
 * service worker shows it, a tap opens the story, and the reader turns alerts off. The push service
 * is the local receiver (support/push-service.ts): the server's encryption and VAPID are checked by
 * it, not by us.
 */
let push: LocalPushService;
beforeAll(async () => {
  push = await LocalPushService.start();
});
afterAll(() => push.close());

const origin = () => new URL(site().baseUrl).origin;

/** A reader's browser with notifications allowed (as after "Allow" in the prompt) and the local push service. */
async function readerBrowser(browser: Browser, pageErrors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site().baseUrl, viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications'], { origin: origin() });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await push.serve(context, page, origin());
  return { context, page };
}

async function openAlerts(page: Page, name = 'Alerts') {
  await page.getByRole('button', { name, exact: true }).click();
  const status = page.locator('.alerts-status');
  await status.waitFor();
  return status;
}

test('a reader turns alerts on, the editor sends one, the lock screen shows it and a tap opens the story; then the reader turns them off', async ({
  browser,
  pageErrors,
}) => {
  const author = site().reporters[0]!;
  const token = await apiLogin(author);
  const story = await createStoryViaApi(token, {
    title: unique('Levee breach on the east bank'),
    description: 'Residents of Riverside are told to leave now.',
  });
  const reader = await readerBrowser(browser, pageErrors);
  try {
    await reader.page.goto('/');
    const status = await openAlerts(reader.page);
    expect(await status.textContent()).toBe('Get the news on your lock screen as it breaks.');
    expect(await reader.page.getByRole('checkbox', { name: /^Breaking news/ }).isChecked()).toBe(true);
    expect(await reader.page.locator('.alerts-guide summary').textContent()).toBe('On an iPhone or iPad?');
    const subscribed = push.receiver.allMessages().size;
    await reader.page.getByRole('button', { name: 'Turn on alerts' }).click();
    await expect.poll(() => status.textContent()).toBe('Alerts are on for Breaking news.');
    expect(push.receiver.allMessages().size).toBe(subscribed + 1);

    // The author sends the alert from the editor and watches it go out.
    const editor = await browser.newContext({ baseURL: site().baseUrl, viewport: { width: 1280, height: 900 } });
    const staff = await editor.newPage();
    staff.on('pageerror', (error) => pageErrors.push(error.message));
    await signInAs(staff, author);
    await staff.goto(`/edit/${story.id}`);
    const card = staff.locator('section.alerts-card');
    await card.waitFor();
    expect(await card.getByLabel('Alert headline').inputValue()).toBe(story.title);
    expect(await card.getByLabel('Alert text').inputValue()).toBe('Residents of Riverside are told to leave now.');
    // It asks first, naming who gets it; Cancel sends nothing.
    await card.getByRole('button', { name: 'Send alert' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Send to every reader following Breaking news?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const none = await apiCall<unknown[]>(`/api/stories/${story.id}/alerts`, { token: await apiLogin(author) });
    expect(none.body).toEqual([]);
    await card.getByRole('button', { name: 'Send alert' }).click();
    await dialog.getByRole('button', { name: 'Send alert' }).click();
    const progress = card.locator('.alert-progress').first();
    await expect.poll(() => progress.getByRole('status').textContent(), { timeout: 30_000 }).toMatch(/^Sent to \d+ readers?$/);
    expect(await progress.textContent()).toMatch(/Delivered [1-9][\d,]* · Failed 0/);
    await editor.close();

    // The push reached the reader's browser, checked and decrypted; its service worker shows it.
    const pushed = push.delivered.find((received) => (received.payload as { tag?: string }).tag === `story-${story.id}`)!;
    expect(pushed).toMatchObject({
      urgency: 'high',
      topic: 'breaking',
      ttl: 14_400,
      vapid: { aud: push.receiver.origin, sub: `mailto:${site().admin.email}` },
    });
    await expect
      .poll(() => shownNotifications(reader.page), { timeout: 15_000 })
      .toEqual([
        {
          title: story.title,
          body: 'Residents of Riverside are told to leave now.',
          tag: `story-${story.id}`,
          icon: `${origin()}/icons/icon-192.png`,
          badge: `${origin()}/icons/badge-72.png`,
          data: { url: `${origin()}/story/${story.slug}` },
        },
      ]);

    // A tap on it opens the story in the reader's window.
    const worker = reader.context.serviceWorkers().find((candidate) => candidate.url() === `${origin()}/sw.js`)!;
    await worker.evaluate(async () => {
      // Worker globals, as the node tsconfig (DOM) does not know them.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await reader.page.waitForURL(`**/story/${story.slug}`);
    expect(await shownNotifications(reader.page)).toEqual([]);

    // Alerts off: the next alert on breaking news does not come.
    const again = await openAlerts(reader.page);
    expect(await again.textContent()).toBe('Alerts are on for Breaking news.');
    await reader.page.getByRole('button', { name: 'Turn off alerts' }).click();
    await expect.poll(() => again.textContent()).toBe('Alerts are off. You will get no more from us on this device.');
    const next = await createStoryViaApi(token, { title: unique('Second alert') });
    const sent = await apiCall<AlertView>(`/api/stories/${next.id}/alert`, { method: 'POST', token, json: { topic: 'breaking' } });
    expect(sent.status).toBe(202);
    await expect
      .poll(async () => (await apiCall<AlertView>(`/api/alerts/${sent.body.id}`, { token })).body.state, { timeout: 30_000 })
      .toBe('sent');
    expect(push.delivered.some((received) => (received.payload as { tag?: string }).tag === `story-${next.id}`)).toBe(false);
  } finally {
    await reader.context.close();
  }
  expect(pageErrors).toEqual([]);
});

test('a beat page offers that beat’s alerts, and the site has a manifest and icons for the home screen', async ({
  browser,
  pageErrors,
}) => {
  const adminToken = await apiLogin(site().admin);
  const beat = await apiCall<Beat>('/api/beats', {
    method: 'POST',
    token: adminToken,
    json: { name: unique('Flood Watch'), description: 'Rivers.' },
  });
  const reader = await readerBrowser(browser, pageErrors);
  try {
    await reader.page.goto(`/beat/${beat.body.slug}`);
    await openAlerts(reader.page, `Alerts for ${beat.body.name}`);
    const panel = reader.page.locator('#alerts-panel-beat');
    expect(await panel.getByRole('checkbox', { name: beat.body.name }).isChecked()).toBe(true);
    expect(await panel.getByRole('checkbox', { name: /^Breaking news/ }).isChecked()).toBe(false);

    const served = await fetch(`${site().baseUrl}/manifest.webmanifest`);
    expect(served.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await served.json()) as { display: string; start_url: string; icons: { src: string; purpose?: string }[] };
    expect([manifest.display, manifest.start_url]).toEqual(['standalone', '/']);
    expect(manifest.icons.map((icon) => icon.purpose ?? 'any')).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons) expect((await fetch(`${site().baseUrl}${icon.src}`)).headers.get('content-type')).toBe('image/png');
    expect(await reader.page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
    expect((await fetch(`${site().baseUrl}/apple-touch-icon.png`)).status).toBe(200);
  } finally {
    await reader.context.close();
  }
  expect(pageErrors).toEqual([]);
});

test('Safari on an iPhone gets the guide: add to home screen, then tap Alerts', async ({ browser, pageErrors }) => {
  const context = await browser.newContext({
    baseURL: site().baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  // Safari in a tab has no Web Push: only a site on the home screen does.
  await context.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
    delete (window as { Notification?: unknown }).Notification;
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'Alerts', exact: true }).click();
    const panel = page.locator('#alerts-panel');
    await panel.locator('.alerts-guide').waitFor();
    expect(await panel.locator('.alerts-note').textContent()).toBe('On iPhone and iPad, alerts come to The Newsroom on your home screen.');
    expect(await panel.locator('.alerts-guide').getAttribute('open')).not.toBeNull();
    expect(await panel.locator('.alerts-guide-steps li').allTextContents()).toEqual([
      'Tap the Share button in Safari (the square with an arrow).',
      'Choose Add to Home Screen, then Add.',
      'Open The Newsroom from your home screen and tap Alerts.',
    ]);
    expect(await panel.getByRole('button', { name: 'Turn on alerts' }).count()).toBe(0);
  } finally {
    await context.close();
  }
  expect(pageErrors).toEqual([]);
});
