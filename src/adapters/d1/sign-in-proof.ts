import { sql } from 'drizzle-orm';
import type { SignInProof } from '../../domain/security-ports.ts';
import type { Db } from './db.ts';

/**
 * The statements that use a sign-in proof up, for the batch that opens the session (a new session
 * follows them only when the last one changed a row: see d1-session-repository.ts). Each is
 * conditional on the one before, so the chain holds only when every link does:
 *  - the second step's or the passkey's challenge is deleted (it was there, unexpired: used once);
 *  - then the TOTP's last accepted step moves forward (a code of that step or an older one is a replay),
 *    or the recovery code is marked used (it was unused), or the passkey's counter and last use are kept.
 */
export function proofStatements(db: Db, proof: SignInProof, now: string) {
  if (proof.kind === 'password') return [];
  if (proof.kind === 'passkey') {
    return [
      useChallenge(db, proof.challengeId, 'passkey_sign_in', now, null),
      db.run(sql`UPDATE passkeys SET counter = ${proof.counter}, last_used_at = ${proof.usedAt} WHERE id = ${proof.passkeyId} AND changes() > 0`),
    ];
  }
  const challenge = useChallenge(db, proof.challengeId, 'sign_in', now, proof.userId);
  if (proof.kind === 'totp') {
    return [
      challenge,
      db.run(sql`UPDATE totp_secrets SET last_step = ${proof.step}
        WHERE user_id = ${proof.userId} AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < ${proof.step}) AND changes() > 0`),
    ];
  }
  return [
    challenge,
    db.run(sql`UPDATE recovery_codes SET used_at = ${now}
      WHERE user_id = ${proof.userId} AND code_hash = ${proof.codeHash} AND used_at IS NULL AND changes() > 0`),
  ];
}

function useChallenge(db: Db, id: string, purpose: string, now: string, userId: number | null) {
  const forUser = userId === null ? sql`` : sql` AND user_id = ${userId}`;
  return db.run(sql`DELETE FROM auth_challenges WHERE id = ${id} AND purpose = ${purpose} AND expires_at > ${now}${forUser}`);
}
