import { DomainError } from '../../domain/errors.ts';
import type { NewsletterRepository, SignedTokens, SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import { unsubscribeByToken, unsubscribeLinkState } from '../newsletters/subscriptions.ts';
import { frameRead, type FrameDeps, type FrameRead } from './page-frame.ts';

/** What an unsubscribe link's page says (decision 119): the question, that it is done, or that the link is not one the server signed. */
export type UnsubscribeScreen =
  { kind: 'ask'; newsletterName: string | null; token: string } | { kind: 'done'; newsletterName: string | null } | { kind: 'invalid' };

export interface UnsubscribePageRead extends FrameRead {
  screen: UnsubscribeScreen;
}

export type UnsubscribePageDeps = FrameDeps & {
  signedTokens: SignedTokens;
  subscriptions: SubscriptionRepository;
  newsletters: NewsletterRepository;
};

/** A link's screen, or the not-valid screen for a link the server did not sign. */
async function screenOf<T>(read: () => Promise<T>, screen: (answer: T) => UnsubscribeScreen): Promise<UnsubscribeScreen> {
  try {
    return screen(await read());
  } catch (error) {
    if (error instanceof DomainError) return { kind: 'invalid' };
    throw error;
  }
}

/** GET /newsletters/unsubscribe?token=: asks first (a GET never unsubscribes: link scanners follow links), or says it is done already. */
export async function unsubscribeLinkPage(deps: UnsubscribePageDeps, token: string): Promise<UnsubscribePageRead> {
  const [frame, screen] = await Promise.all([
    frameRead(deps),
    screenOf(
      () => unsubscribeLinkState(deps, token),
      ({ newsletter, subscribed }): UnsubscribeScreen =>
        subscribed
          ? { kind: 'ask', newsletterName: newsletter?.name ?? null, token }
          : { kind: 'done', newsletterName: newsletter?.name ?? null },
    ),
  ]);
  return { ...frame, screen };
}

/** The page's button (RFC 8058's One-Click POST): unsubscribes, then says so. */
export async function unsubscribeFromPage(deps: UnsubscribePageDeps, token: string): Promise<UnsubscribePageRead> {
  const screen = await screenOf(
    () => unsubscribeByToken(deps, token),
    ({ newsletter }): UnsubscribeScreen => ({ kind: 'done', newsletterName: newsletter?.name ?? null }),
  );
  return { ...(await frameRead(deps)), screen };
}
