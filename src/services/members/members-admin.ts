import { NotFoundError } from '../../domain/errors.ts';
import { membershipAnswer, paymentAnswer, type MemberPage } from '../../domain/members/answers.ts';
import type { MemberRepository } from '../../domain/members/revenue-ports.ts';
import type { MembersQuery } from '../../domain/members/schemas.ts';
import type { SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import { readerAnswer, type ReaderAnswer } from '../../domain/readers/answers.ts';
import type { ReaderRepository } from '../../domain/readers/ports.ts';
import type { Clock } from '../../domain/time.ts';

/**
 * The Members admin (docs/product/api.md, "Members and reader revenue"): readers with their
 * membership, filtered and searched; one member's page; comps; the CSV export.
 */

export interface MembersAdminDeps {
  members: MemberRepository;
  readers: Pick<ReaderRepository, 'findById'>;
  subscriptions: Pick<SubscriptionRepository, 'slugsFor'>;
  clock: Clock;
}

/** GET /api/members: the newsletters column is left empty in lists (one query per page, not per reader); a member's page has them. */
export async function listMembers(deps: MembersAdminDeps, query: MembersQuery): Promise<{ total: number; members: ReaderAnswer[] }> {
  const now = deps.clock.now();
  const { total, members } = await deps.members.list(query, now);
  return { total, members: members.map(({ reader, state }) => readerAnswer(reader, [], membershipAnswer(state, now))) };
}

/** GET /api/members/{id}: the member's page: membership, newsletters, payments. */
export async function memberPage(deps: MembersAdminDeps, readerId: number): Promise<MemberPage> {
  const reader = await deps.readers.findById(readerId);
  if (!reader) throw new NotFoundError('Member');
  const now = deps.clock.now();
  const [state, newsletters, payments] = await Promise.all([
    deps.members.state(readerId, now),
    deps.subscriptions.slugsFor(reader.email),
    deps.members.payments(readerId),
  ]);
  return {
    member: readerAnswer(reader, newsletters, membershipAnswer(state, now)),
    comped: state.comped,
    hasBilling: state.customerId !== null,
    payments: payments.map(paymentAnswer),
  };
}

/** PUT /api/members/{id} {comped}: gives or ends a complimentary membership (doing it twice changes nothing). */
export async function setComped(deps: MembersAdminDeps, readerId: number, comped: boolean, userId: number): Promise<ReaderAnswer> {
  const reader = await deps.readers.findById(readerId);
  if (!reader) throw new NotFoundError('Member');
  const now = deps.clock.now();
  await deps.members.setComped(readerId, comped, userId, now);
  const [state, newsletters] = await Promise.all([deps.members.state(readerId, now), deps.subscriptions.slugsFor(reader.email)]);
  return readerAnswer(reader, newsletters, membershipAnswer(state, now));
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const MEMBERS_CSV_HEADER = [
  'id',
  'email',
  'name',
  'joined',
  'status',
  'tier',
  'interval',
  'current_period_end',
  'cancel_at_period_end',
];
/** An export walks the list a page at a time, to this many members at most. */
export const MEMBERS_CSV_MAX = 50_000;
const CSV_PAGE = 200;

/** GET /api/members?format=csv: every member the filters match (not only one page), one row each. */
export async function membersCsv(deps: MembersAdminDeps, query: MembersQuery): Promise<string> {
  const lines = [MEMBERS_CSV_HEADER.join(',')];
  const now = deps.clock.now();
  for (let offset = 0; offset < MEMBERS_CSV_MAX; offset += CSV_PAGE) {
    const { members } = await deps.members.list({ ...query, limit: CSV_PAGE, offset }, now);
    for (const { reader, state } of members) {
      const m = membershipAnswer(state, now);
      const row = [
        reader.id,
        reader.email,
        reader.name,
        reader.createdAt,
        m.status,
        m.tier?.name ?? null,
        m.interval,
        m.currentPeriodEnd,
        m.cancelAtPeriodEnd,
      ];
      lines.push(row.map(csvField).join(','));
    }
    if (members.length < CSV_PAGE) break;
  }
  return `${lines.join('\r\n')}\r\n`;
}
