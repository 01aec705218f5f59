import { FREE_MEMBERSHIP, type MembershipAnswer } from '../readers/answers.ts';
import type { MemberState, Payment, Tier } from './entities.ts';
import { givesAccess, membershipStatus } from './membership.ts';
import type { Money } from './money.ts';
import type { FigureMonth, FigurePoint } from './figures.ts';
import type { ReaderAnswer } from '../readers/answers.ts';

/** The API's shapes for members and reader revenue (docs/product/api.md, "Members and reader revenue"). */

/** `membership` = {status, tier, interval, currentPeriodEnd, cancelAtPeriodEnd}. */
export function membershipAnswer(state: MemberState | null, now: string): MembershipAnswer {
  if (!state) return FREE_MEMBERSHIP;
  const status = membershipStatus(state, now);
  const subscription = state.subscription;
  if (status !== 'paid' || !subscription || !givesAccess(subscription, now)) return { ...FREE_MEMBERSHIP, status };
  return {
    status,
    tier: subscription.tierId !== null && subscription.tierName !== null ? { id: subscription.tierId, name: subscription.tierName } : null,
    interval: subscription.interval,
    currentPeriodEnd: subscription.currentPeriodEnd,
    // A canceled subscription runs out at its period's end, as one set to cancel does.
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd || subscription.status === 'canceled',
  };
}

export interface TierAnswer {
  id: number;
  name: string;
  description: string;
  monthly: Money;
  yearly: Money;
  isActive: boolean;
}

export function tierAnswer(tier: Tier): TierAnswer {
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    monthly: tier.monthly,
    yearly: tier.yearly,
    isActive: tier.isActive,
  };
}

export interface PaymentAnswer {
  id: number;
  kind: Payment['kind'];
  amount: number;
  currency: string;
  refundedAmount: number;
  status: Payment['status'];
  occurredAt: string;
}

export function paymentAnswer(payment: Payment): PaymentAnswer {
  const { id, kind, amount, currency, refundedAmount, status, occurredAt } = payment;
  return { id, kind, amount, currency, refundedAmount, status, occurredAt };
}

/** GET /api/members/{id}: a member's page. */
export interface MemberPage {
  member: ReaderAnswer;
  comped: boolean;
  hasBilling: boolean;
  payments: PaymentAnswer[];
}

/** GET /api/members/figures. */
export interface FiguresAnswer {
  paidMembers: number;
  freeMembers: number;
  compedMembers: number;
  mrr: Money;
  /** Each day of the range: members as the day ended (`paid` counts paying members; comped apart), and MRR. */
  series: FigurePoint[];
  /** Each month the range touches: new paid members, cancellations, gifts. */
  months: FigureMonth[];
  /** Gifts within the range, net of refunds. */
  donations: { count: number; amount: number; currency: string };
}
