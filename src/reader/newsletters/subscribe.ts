import { ReaderCallError, readerCall } from '../account/reader-api.ts';

/** What the reader is told once a subscription was sent: confirmed at once (their own signed-in address) or a confirmation mailed. */
export function subscribedText(email: string, subscribed: boolean): string {
  return subscribed
    ? `You are subscribed. Manage your newsletters on your account page.`
    : `Almost done: we mailed a link to ${email}. Follow it to confirm your subscription.`;
}

/** Sends one subscription (double opt-in: POST /api/newsletters/{slug}/subscribe). */
export async function sendSubscription(slug: string, email: string): Promise<boolean> {
  const answer = await readerCall<{ subscribed?: boolean }>('POST', `/api/newsletters/${encodeURIComponent(slug)}/subscribe`, { email });
  return answer?.subscribed === true;
}

export function failureText(failure: unknown): string {
  if (failure instanceof ReaderCallError) return failure.fields.email ?? failure.message;
  return 'Something went wrong. Please try again.';
}
