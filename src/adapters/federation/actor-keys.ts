import { eq } from 'drizzle-orm';
import { fromBase64, toBase64 } from '../../media/base64.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from '../d1/db.ts';
import { fediverseKeys } from '../d1/federation-schema.ts';

/** RSA as Mastodon signs and verifies (rsa-sha256), at Mastodon's own size. */
const RSA = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
const RSA_IMPORT = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

export interface ActorKeyPair {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  publicKeyPem: string;
}

/** The context an account's private key is sealed under: a sealed key copied to another account's row does not open. */
const sealContext = (account: string) => `fediverse-key:${account}`;

/**
 * Each account's key pair (docs/decisions/095-fediverse-with-fedify.md): made once, the first time
 * the account is asked for, and kept in D1 with the private key sealed by TWO_FACTOR_KEY (as TOTP
 * secrets are). Two requests that make a pair at once both keep the one stored first. Opened pairs
 * are kept for the isolate's life: keys never change.
 */
export class ActorKeys {
  /** Per database (tests run many in one isolate), per account. */
  private static readonly opened = new WeakMap<object, Map<string, Promise<ActorKeyPair>>>();

  constructor(
    private readonly db: Db,
    private readonly secretBox: SecretBox,
    private readonly now: () => string,
  ) {}

  keyPairOf(account: string): Promise<ActorKeyPair> {
    let opened = ActorKeys.opened.get(this.db.$client);
    if (!opened) ActorKeys.opened.set(this.db.$client, (opened = new Map()));
    const cached = opened.get(account);
    if (cached) return cached;
    const opening = this.load(account).catch((error: unknown) => {
      opened.delete(account);
      throw error;
    });
    opened.set(account, opening);
    return opening;
  }

  private async load(account: string): Promise<ActorKeyPair> {
    const stored = (await this.read(account)) ?? (await this.make(account));
    const pkcs8 = fromBase64(await this.secretBox.open(stored.privateKeySealed, sealContext(account)));
    return {
      publicKeyPem: stored.publicKeyPem,
      publicKey: await crypto.subtle.importKey('spki', pemBody(stored.publicKeyPem), RSA_IMPORT, true, ['verify']),
      // Fedify's signRequest reads the key's parameters, which needs it extractable (it never leaves the isolate).
      privateKey: await crypto.subtle.importKey('pkcs8', pkcs8, RSA_IMPORT, true, ['sign']),
    };
  }

  private read(account: string) {
    return this.db.select().from(fediverseKeys).where(eq(fediverseKeys.account, account)).get();
  }

  private async make(account: string) {
    const pair = (await crypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
    const spki = new Uint8Array((await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer);
    const pkcs8 = new Uint8Array((await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer);
    await this.db
      .insert(fediverseKeys)
      .values({
        account,
        publicKeyPem: toPem(spki),
        privateKeySealed: await this.secretBox.seal(toBase64(pkcs8), sealContext(account)),
        createdAt: this.now(),
      })
      .onConflictDoNothing();
    return (await this.read(account))!;
  }
}

function toPem(spki: Uint8Array): string {
  const lines = toBase64(spki).match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

function pemBody(pem: string): Uint8Array {
  return fromBase64(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
}
