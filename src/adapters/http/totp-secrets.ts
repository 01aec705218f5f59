import type { TotpRecord } from '../../domain/security/ports.ts';
import type { AppDeps } from '../app-deps.ts';

/** The context a user's TOTP secret is sealed under: a sealed secret copied to another user's row does not open. */
export const totpSealContext = (userId: number) => `totp:${userId}`;

/** The user's TOTP secret, opened with TWO_FACTOR_KEY (it is never stored or sent in the clear after setup). */
export function totpSecretOf(deps: Pick<AppDeps, 'secretBox'>, userId: number, record: TotpRecord): Promise<string> {
  return deps.secretBox.open(record.secretEncrypted, totpSealContext(userId));
}

export function sealTotpSecret(deps: Pick<AppDeps, 'secretBox'>, userId: number, secret: string): Promise<string> {
  return deps.secretBox.seal(secret, totpSealContext(userId));
}
