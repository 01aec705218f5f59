import { createECDH, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project.ts';

export const devVarsPath = join(projectRoot, '.dev.vars');

/** 32 random bytes. */
const randomBytes = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32)));

/**
 * Web Push's application server keys (RFC 8292): a P-256 key pair, the public key as the uncompressed
 * point browsers subscribe with, the private key as its scalar, both base64url (as `npx web-push
 * generate-vapid-keys` prints them). Given only the private key, its public key is derived.
 */
function vapidKeys(privateKey?: string): Record<string, string> {
  if (privateKey) {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return { VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url') };
  }
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d! };
}

/**
 * The local secrets `.dev.vars` must hold, each made once and never replaced: data depends on them.
 * `make` is given the values already there, and answers the ones to add.
 */
const SECRETS: readonly { names: readonly string[]; note: string; make: (present: Record<string, string>) => Record<string, string> }[] = [
  {
    names: ['PASSWORD_PEPPER'],
    note: 'Keys every local password hash. Production: wrangler secret put PASSWORD_PEPPER',
    // 32 random bytes, base64url.
    make: () => ({ PASSWORD_PEPPER: randomBytes().toString('base64url') }),
  },
  {
    names: ['TWO_FACTOR_KEY'],
    note: 'AES-GCM key of the stored TOTP secrets. Production: wrangler secret put TWO_FACTOR_KEY',
    // 32 random bytes, base64 (openssl rand -base64 32 makes the same).
    make: () => ({ TWO_FACTOR_KEY: randomBytes().toString('base64') }),
  },
  {
    names: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    note: "Web Push's application server keys (readers' alert subscriptions are bound to them). Production: wrangler secret put each",
    make: (present) => {
      if (present.VAPID_PUBLIC_KEY && !present.VAPID_PRIVATE_KEY)
        throw new Error('.dev.vars has VAPID_PUBLIC_KEY but no VAPID_PRIVATE_KEY: add the private key, or remove both to make a new pair');
      return vapidKeys(present.VAPID_PRIVATE_KEY);
    },
  },
];

function valueIn(text: string, name: string): string | undefined {
  const match = new RegExp(`^\\s*${name}\\s*=\\s*"?([^"\\s]+)"?`, 'm').exec(text);
  return match?.[1];
}

/**
 * Makes sure `.dev.vars` holds every local secret (PASSWORD_PEPPER, TWO_FACTOR_KEY, the VAPID key
 * pair), adding the missing ones. An existing one is never replaced: password hashes, sealed TOTP
 * secrets and readers' push subscriptions depend on them. Returns the names it added.
 */
export function ensureDevVars(path: string = devVarsPath): string[] {
  let current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const added: string[] = [];
  for (const secret of SECRETS) {
    const present = Object.fromEntries(
      secret.names.flatMap((name) => {
        const value = valueIn(current, name);
        return value ? [[name, value]] : [];
      }),
    );
    if (Object.keys(present).length === secret.names.length) continue;
    const header = current === '' ? '# Local secrets for workerd (never committed).\n' : current.endsWith('\n') ? '' : '\n';
    const made = secret.make(present);
    const lines = Object.entries(made).map(([name, value]) => `${name}="${value}"\n`);
    current = `${current}${header}# ${secret.note}\n${lines.join('')}`;
    added.push(...Object.keys(made));
  }
  if (added.length > 0) writeFileSync(path, current, { mode: 0o600 });
  return added;
}
