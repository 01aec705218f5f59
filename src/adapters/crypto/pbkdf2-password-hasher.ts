import type { PasswordHasher } from '../../domain/security/ports.ts';
import { fromBase64, toBase64 } from '../../media/base64.ts';
import { constantTimeEqual } from './bytes.ts';

/** Workers in production cap PBKDF2 at 100,000 iterations; more fails only after deploy. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;
const SCHEME = 'pbkdf2-sha256';

/**
 * Stored form: pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>. The password is first keyed with
 * HMAC-SHA256(pepper), so a stolen database alone is not enough to test guesses offline.
 */
export class Pbkdf2PasswordHasher implements PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(
    private readonly pepper: string,
    private readonly iterations = PBKDF2_ITERATIONS,
  ) {
    if (iterations > PBKDF2_ITERATIONS) throw new Error(`PBKDF2 iterations above ${PBKDF2_ITERATIONS} fail on Workers`);
  }

  async hash(password: string): Promise<string> {
    const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    const derived = await this.derive(password, salt, this.iterations);
    return `${SCHEME}$${this.iterations}$${toBase64(salt)}$${toBase64(derived)}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, iterationsText, saltText, hashText] = stored.split('$');
    const iterations = Number(iterationsText);
    if (scheme !== SCHEME || !saltText || !hashText || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
      await this.verifyNothing(password);
      return false;
    }
    const derived = await this.derive(password, fromBase64(saltText), iterations);
    return constantTimeEqual(derived, fromBase64(hashText));
  }

  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash('not-a-real-password');
    await this.verify(password, await this.dummy);
    return false;
  }

  private async derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
    // Checked here rather than at start-up so public reads keep working while sign-in reports the misconfiguration.
    if (this.pepper.length < 16) throw new Error('PASSWORD_PEPPER must be set to at least 16 characters');
    const encoder = new TextEncoder();
    const pepperKey = await crypto.subtle.importKey('raw', encoder.encode(this.pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const peppered = await crypto.subtle.sign('HMAC', pepperKey, encoder.encode(password));
    const baseKey = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, baseKey, KEY_BITS);
    return new Uint8Array(bits);
  }
}
