import type { TotpCodes } from '../../domain/security/ports.ts';
import type { SecretBox } from './secret-box.ts';
import { matchingTotpStep, newTotpSecret, totpUri } from './totp.ts';

/** A user's TOTP secret is sealed under this context: a sealed secret copied to another user's row does not open. */
const sealContext = (userId: number) => `totp:${userId}`;

/** TOTP codes (TotpCodes) with the secrets sealed at rest under TWO_FACTOR_KEY (decision 050). */
export class SealedTotpCodes implements TotpCodes {
  constructor(
    private readonly box: SecretBox,
    private readonly issuer: string,
  ) {}

  newSecret = newTotpSecret;
  matchingStep = matchingTotpStep;

  uri(secret: string, account: string): string {
    return totpUri(secret, account, this.issuer);
  }

  seal(userId: number, secret: string): Promise<string> {
    return this.box.seal(secret, sealContext(userId));
  }

  open(userId: number, sealed: string): Promise<string> {
    return this.box.open(sealed, sealContext(userId));
  }
}
