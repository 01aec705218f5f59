import type { AuditEntry } from '../../domain/audit/audit.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { BlockInput, FediverseBlock, FediverseReply } from '../../domain/federation/moderation.ts';
import type { BlockRepository, ReplyRepository } from '../../domain/federation/ports.ts';
import type { Clock } from '../../domain/time.ts';

/**
 * The Fediverse tab (admins): replies waiting for a decision, approved or hidden one at a time, and
 * blocks of an account or of its whole server. Every decision is in the audit log.
 */
interface ModerationDeps {
  replies: ReplyRepository;
  blocks: BlockRepository;
  clock: Clock;
}

export async function moderateReply(
  deps: ModerationDeps,
  adminId: number,
  id: number,
  state: 'approved' | 'hidden',
): Promise<FediverseReply> {
  const audit: AuditEntry[] = [
    {
      action: state === 'approved' ? 'fediverse.reply_approved' : 'fediverse.reply_hidden',
      actorId: adminId,
      target: { type: 'fediverse', id, label: null },
    },
  ];
  const reply = await deps.replies.moderate(id, state, adminId, deps.clock.now(), audit);
  if (!reply) throw new NotFoundError('Reply');
  return reply;
}

/** Blocks an account or a server: its followers go and its replies are hidden at once; 409 when it is blocked already. */
export async function block(deps: ModerationDeps, adminId: number, input: BlockInput): Promise<FediverseBlock> {
  const audit: AuditEntry[] = [
    {
      action: 'fediverse.blocked',
      actorId: adminId,
      target: { type: 'fediverse', id: null, label: input.value.slice(0, 100) },
      detail: { kind: input.kind },
    },
  ];
  const created = await deps.blocks.add(input, adminId, deps.clock.now(), audit);
  if (!created) throw new ConflictError('already_blocked', `That ${input.kind} is blocked already`);
  return created;
}

export async function unblock(deps: ModerationDeps, adminId: number, id: number): Promise<void> {
  const audit: AuditEntry[] = [{ action: 'fediverse.unblocked', actorId: adminId, target: { type: 'fediverse', id, label: null } }];
  if (!(await deps.blocks.remove(id, deps.clock.now(), audit))) throw new NotFoundError('Block');
}
