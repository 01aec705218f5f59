import type { Tier } from '../../domain/members/entities.ts';
import type { TierRepository } from '../../domain/members/revenue-ports.ts';
import type { Newsletter } from '../../domain/newsletters/entities.ts';
import type { NewsletterRepository } from '../../domain/newsletters/ports.ts';
import { frameRead, type FrameDeps, type FrameRead } from './page-frame.ts';

/** The reader pages about the reader's relation to the newsroom: /support and /newsletters (the same page for everyone). */

export interface SupportPageRead extends FrameRead {
  /** The tiers on offer: the active ones. */
  tiers: Tier[];
  /** Whether payments are set up (Stripe). */
  paymentsReady: boolean;
}

/** /support (decision 094): the tiers on offer and whether payments are set up. */
export async function supportPage(deps: FrameDeps & { tiers: TierRepository; paymentsReady: boolean }): Promise<SupportPageRead> {
  const [frame, tiers] = await Promise.all([frameRead(deps), deps.tiers.list()]);
  return { ...frame, tiers: tiers.filter((tier) => tier.isActive), paymentsReady: deps.paymentsReady };
}

export interface NewslettersPageRead extends FrameRead {
  newsletters: Newsletter[];
}

/** /newsletters: every newsletter, each with its form. */
export async function newslettersPage(deps: FrameDeps & { newsletters: NewsletterRepository }): Promise<NewslettersPageRead> {
  const [frame, newsletters] = await Promise.all([frameRead(deps), deps.newsletters.list()]);
  return { ...frame, newsletters };
}
