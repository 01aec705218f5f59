import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/members/money.ts';
import type { ReaderAnswer } from '../../../domain/readers/answers.ts';
import { Dialog } from '../../forms/dialog.tsx';
import { saveFile } from '../../ui/save-file.ts';
import { ListFilterForm, ListState, Pager, useListFilter } from '../filtered-list.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { MEMBERS_PAGE, memberQuery, membersCsv, membersQuery, setComped, type MemberStatus } from './members-api.ts';

const STATUSES: MemberStatus[] = ['free', 'paid', 'comped'];

function membershipLine(member: ReaderAnswer): string {
  const m = member.membership;
  if (m.status === 'free') return 'Free';
  if (m.status === 'comped') return 'Comped';
  const plan = [m.tier?.name, m.interval === 'year' ? 'yearly' : m.interval === 'month' ? 'monthly' : null].filter(Boolean).join(', ');
  const until = m.currentPeriodEnd ? `${m.cancelAtPeriodEnd ? 'ends' : 'renews'} ${formatDay(m.currentPeriodEnd)}` : '';
  return ['Paid', plan, until].filter(Boolean).join(' · ');
}

/** Members: filter by status, search by address or name, page through, export CSV; a member's page with comp and uncomp. */
export function MembersPanel() {
  const list = useListFilter<MemberStatus>();
  const [open, setOpen] = useState<number | null>(null);
  const members = useQuery({ ...membersQuery(list.filter), placeholderData: keepPreviousData });
  const total = members.data?.total ?? 0;
  return (
    <section className="card members-panel" aria-labelledby="members-title">
      <div className="card-heading">
        <div>
          <h2 className="card-title" id="members-title">
            Readers and members
          </h2>
          <p className="muted small">{members.data ? `${total.toLocaleString('en-US')} matching` : ' '}</p>
        </div>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void membersCsv(list.filter).then((blob) => saveFile(blob, 'members.csv'))}
        >
          Export CSV
        </button>
      </div>
      <ListFilterForm list={list} statuses={STATUSES} statusLabel="Membership" searchLabel="Search address or name" />
      <ListState query={members} what="members" rows={members.data?.members.length} />
      {members.data && members.data.members.length > 0 ? (
        <table className="subscribers-table">
          <thead>
            <tr>
              <th scope="col">Reader</th>
              <th scope="col">Membership</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {members.data.members.map((member) => (
              <tr key={member.id}>
                <td>
                  <button type="button" className="link-button" onClick={() => setOpen(member.id)}>
                    {member.name ? `${member.name} <${member.email}>` : member.email}
                  </button>
                </td>
                <td>{membershipLine(member)}</td>
                <td>{formatDay(member.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Pager offset={list.filter.offset} pageSize={MEMBERS_PAGE} total={total} onOffset={list.setOffset} />
      {open !== null ? <MemberDialog id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function MemberDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const page = useQuery(memberQuery(id));
  const comp = useMutation({
    mutationFn: (comped: boolean) => setComped(id, comped),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['members'] }),
  });
  const data = page.data;
  return (
    <Dialog open onClose={onClose} title={data ? (data.member.name ?? data.member.email) : 'Member'} className="member-dialog">
      {page.isPending ? <Spinner label="Loading the member" /> : null}
      {data ? (
        <div className="member-page">
          <p>{data.member.email}</p>
          <dl className="member-facts">
            <dt>Membership</dt>
            <dd>{membershipLine(data.member)}</dd>
            <dt>Joined</dt>
            <dd>{formatDay(data.member.createdAt)}</dd>
            <dt>Newsletters</dt>
            <dd>{data.member.newsletters.length > 0 ? data.member.newsletters.join(', ') : 'None'}</dd>
            <dt>Billing</dt>
            <dd>{data.hasBilling ? 'Has a Stripe customer' : 'Never paid'}</dd>
          </dl>
          <div className="button-row">
            <button type="button" className="button button-secondary" disabled={comp.isPending} onClick={() => comp.mutate(!data.comped)}>
              {data.comped ? 'End the complimentary membership' : 'Give a complimentary membership'}
            </button>
          </div>
          <h3 className="card-subtitle">Payments</h3>
          {data.payments.length === 0 ? (
            <p className="muted">No payments.</p>
          ) : (
            <table className="subscribers-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>{formatDay(payment.occurredAt)}</td>
                    <td>{payment.kind === 'donation' ? 'Gift' : 'Membership'}</td>
                    <td>{formatMoney(payment)}</td>
                    <td>
                      {payment.status.replace('_', ' ')}
                      {payment.refundedAmount > 0
                        ? ` (${formatMoney({ amount: payment.refundedAmount, currency: payment.currency })} back)`
                        : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
