import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChallengePurpose, SignInProof } from '../../domain/security/ports.ts';
import { ifChanged } from './audit-entry.ts';
import type { Db } from './db.ts';
import { authChallenges, passkeys, recoveryCodes, totpSecrets } from './security-schema.ts';

/**
 * The statements that use a sign-in proof up, for the batch that opens the session (a new session
 * follows them only when the last one changed a row: see d1-session-repository.ts). The chain holds
 * only when every link does, and nothing is used up by a proof that fails:
 *  - the TOTP's last accepted step moves forward (a code of that step or an older one is a replay),
 *    or the recovery code is marked used (it was unused), or the passkey's counter and last use are
 *    kept, each only while the challenge is live (there, unexpired);
 *  - then the challenge is deleted: it works once.
 * `onlyIf` (the lockout's check) joins the first statement's condition.
 */
export function proofStatements(db: Db, proof: SignInProof, now: string, onlyIf?: SQL) {
  if (proof.kind === 'password') return [];
  if (proof.kind === 'passkey') {
    const live = and(liveChallenge(proof.challengeId, 'passkey_sign_in', now, null), onlyIf);
    return [
      db
        .update(passkeys)
        .set({ counter: proof.counter, lastUsedAt: proof.usedAt })
        .where(and(eq(passkeys.id, proof.passkeyId), live)),
      useChallenge(db, proof.challengeId, 'passkey_sign_in', now, null, ifChanged),
    ];
  }
  const live = and(liveChallenge(proof.challengeId, 'sign_in', now, proof.userId), onlyIf);
  const used = useChallenge(db, proof.challengeId, 'sign_in', now, proof.userId, ifChanged);
  if (proof.kind === 'totp') {
    return [
      db
        .update(totpSecrets)
        .set({ lastStep: proof.step })
        .where(
          and(
            eq(totpSecrets.userId, proof.userId),
            sql`${totpSecrets.confirmedAt} IS NOT NULL`,
            sql`(${totpSecrets.lastStep} IS NULL OR ${totpSecrets.lastStep} < ${proof.step})`,
            live,
          ),
        ),
      used,
    ];
  }
  return [
    db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, proof.userId), eq(recoveryCodes.codeHash, proof.codeHash), isNull(recoveryCodes.usedAt), live)),
    used,
  ];
}

function challengeCondition(id: string, purpose: ChallengePurpose, now: string, userId: number | null) {
  return and(
    eq(authChallenges.id, id),
    eq(authChallenges.purpose, purpose),
    gt(authChallenges.expiresAt, now),
    userId === null ? undefined : eq(authChallenges.userId, userId),
  );
}

/** The challenge is there, unexpired. */
function liveChallenge(id: string, purpose: ChallengePurpose, now: string, userId: number | null) {
  const forUser = userId === null ? sql`` : sql` AND c.user_id = ${userId}`;
  return sql`EXISTS (SELECT 1 FROM auth_challenges c WHERE c.id = ${id} AND c.purpose = ${purpose} AND c.expires_at > ${now}${forUser})`;
}

/** Deletes a live challenge of this purpose (and user): it works once. */
export function useChallenge(db: Db, id: string, purpose: ChallengePurpose, now: string, userId: number | null, onlyIf?: SQL) {
  return db.delete(authChallenges).where(and(challengeCondition(id, purpose, now, userId), onlyIf));
}
