import type { Reader } from './entities.ts';

/**
 * The `membership` a reader answer carries (docs/product/api.md, "Members and reader revenue"):
 * every reader is a free member until reader revenue says otherwise.
 */
export interface MembershipAnswer {
  status: 'free' | 'paid' | 'comped';
  tier: { id: number; name: string } | null;
  interval: 'month' | 'year' | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export const FREE_MEMBERSHIP: MembershipAnswer = {
  status: 'free',
  tier: null,
  interval: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

/** `reader` of docs/product/api.md: {id, email, name, createdAt, newsletters: [slug], membership}. */
export interface ReaderAnswer {
  id: number;
  email: string;
  name: string | null;
  createdAt: string;
  newsletters: string[];
  membership: MembershipAnswer;
}

export function readerAnswer(reader: Reader, newsletters: readonly string[], membership: MembershipAnswer = FREE_MEMBERSHIP): ReaderAnswer {
  return {
    id: reader.id,
    email: reader.email,
    name: reader.name,
    createdAt: reader.createdAt,
    newsletters: [...newsletters],
    membership,
  };
}
