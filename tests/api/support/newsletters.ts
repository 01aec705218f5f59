import { expect } from 'vitest';
import { api } from './api.ts';
import { runQueuedJobs } from './jobs.ts';
import { linkIn, mailTo } from './mail.ts';

let counter = 0;

/** A newsletter made by `adminToken` through the API. */
export async function createNewsletter(adminToken: string, fields: Record<string, unknown> = {}) {
  counter += 1;
  const res = await api('/api/newsletters', {
    method: 'POST',
    token: adminToken,
    json: { name: `Test Letter ${counter} ${Math.random().toString(36).slice(2, 6)}`, description: 'A test newsletter', ...fields },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; slug: string; name: string; senderName: string | null };
}

/** Subscribes `email` the double opt-in way: asks, follows the confirmation link from the mail. */
export async function confirmedSubscriber(slug: string, email: string) {
  const asked = await api(`/api/newsletters/${slug}/subscribe`, { method: 'POST', json: { email } });
  expect(asked.status, asked.text).toBe(202);
  // The confirmation leaves through the fan-out, after the answer (decision 105).
  await runQueuedJobs({ kinds: ['newsletter.confirmation_mail'] });
  const token = confirmationToken(linkIn((await mailTo(email)).at(-1)!, 'http://newsroom.test/newsletters/confirm#'));
  const confirmed = await api('/api/newsletters/confirm', { method: 'POST', json: { token } });
  expect(confirmed.status, confirmed.text).toBe(200);
}

export function confirmationToken(link: string): string {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
}
