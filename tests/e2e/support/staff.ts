import type { Page } from 'playwright-core';
import type { Story } from '../../../src/domain/story/entities.ts';
import { apiCall, apiLogin, site, type E2eAccount } from './site.ts';

/** A name no earlier run or test used, so journeys never collide on the shared site. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Starts the page signed in as `account` (token in localStorage under auth_token, as the login
 * screen leaves it), for journeys whose subject is not the login itself.
 */
export async function signInAs(page: Page, account: Pick<E2eAccount, 'email' | 'password'>): Promise<string> {
  const token = await apiLogin(account);
  // Init scripts run in every frame; only the site's own frames get the token (embedded players' frames may not even touch storage).
  await page.addInitScript(
    ({ value, origin }) => {
      if (window.location.origin === origin) window.localStorage.setItem('auth_token', value);
    },
    { value: token, origin: new URL(site().baseUrl).origin },
  );
  return token;
}

/** Signs in through the Reporter Login screen, as a person would. */
export async function logInThroughForm(page: Page, account: Pick<E2eAccount, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function createStoryViaApi(token: string, overrides: Partial<Record<keyof Story, unknown>> = {}): Promise<Story> {
  const res = await apiCall<Story>('/api/stories', {
    method: 'POST',
    token,
    json: {
      title: unique('Arranged story'),
      description: 'Arranged by the journey',
      content: '<p>Arranged content.</p>',
      status: 'published',
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`Creating a story failed with ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates a reporter through the API as the given admin; returns the account with its password. */
export async function createReporterViaApi(adminToken: string, name: string): Promise<E2eAccount> {
  const account: E2eAccount = {
    username: name,
    email: `${name}@example.com`,
    password: `pw-${name}-secret`,
    firstName: null,
    lastName: null,
  };
  const res = await apiCall('/api/auth/register', {
    method: 'POST',
    token: adminToken,
    json: { username: account.username, email: account.email, password: account.password, role: 'reporter' },
  });
  if (res.status !== 201) throw new Error(`Creating ${name} failed with ${res.status}: ${JSON.stringify(res.body)}`);
  return account;
}

/** A username the API accepts (letters, numbers, dots, hyphens, underscores; at most 50). */
export function uniqueUsername(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
