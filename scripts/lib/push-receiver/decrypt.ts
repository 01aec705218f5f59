import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import ece from 'http_ece';

/**
 * The user agent's half of RFC 8291, done as a browser would and independently of the server's code:
 * the key pair and auth secret a browser makes when it subscribes, and the decryption of a message
 * with Martin Thomson's http_ece (the reference implementation of RFC 8188, aes128gcm).
 */
export interface UserAgentKeys {
  ecdh: ECDH;
  /** The subscription's keys as the browser hands them to the page (base64url). */
  p256dh: string;
  auth: string;
}

export function newUserAgentKeys(): UserAgentKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The keys of a user agent whose private key is known (RFC 8291's example, in tests). */
export function userAgentKeysFrom(privateKey: string, auth: string): UserAgentKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth };
}

/** The plaintext of an aes128gcm push message body; throws when it does not decrypt (wrong keys, tampered, bad padding). */
export function decryptPushMessage(body: Buffer, keys: UserAgentKeys): Buffer {
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: Buffer.from(keys.auth, 'base64url') });
}
