import { fromBase64Url, toBase64Url } from '../../media/base64.ts';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Secrets the server must read back (TOTP secrets) are stored sealed with AES-256-GCM under a key
 * from the environment (TWO_FACTOR_KEY: 32 random bytes, base64), never in the clear. Each sealed
 * value is bound to its context (e.g. "totp:42"), so a sealed value moved to another user's row does
 * not open. Stored form: v1.<iv>.<ciphertext+tag>, base64url.
 */
export class SecretBox {
  private key: Promise<CryptoKey> | undefined;

  constructor(private readonly keyBase64: string | undefined) {}

  async seal(plaintext: string, context: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encode(context) },
      await this.cryptoKey(),
      encode(plaintext),
    );
    return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
  }

  /** Throws when the value was not sealed by this key for this context. */
  async open(sealed: string, context: string): Promise<string> {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== VERSION || !ivText || !bodyText) throw new Error('not a sealed value');
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(ivText), additionalData: encode(context) },
      await this.cryptoKey(),
      fromBase64Url(bodyText),
    );
    return new TextDecoder().decode(opened);
  }

  private cryptoKey(): Promise<CryptoKey> {
    // Checked when first used, as the pepper is: public reads keep working while 2FA reports the misconfiguration.
    this.key ??= (async () => {
      const raw = fromBase64Url((this.keyBase64 ?? '').trim());
      if (raw.length !== 32) throw new Error('TWO_FACTOR_KEY must be set to 32 random bytes, base64 (openssl rand -base64 32)');
      return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
    })();
    return this.key;
  }
}

function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
