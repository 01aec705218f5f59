/** Martin Thomson's reference implementation of RFC 8188 (encrypted content coding), as the push receiver uses it. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's ECDH key pair (the user agent's, RFC 8291). */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret. */
    authSecret: Buffer | string;
  }

  interface EncryptParams extends DecryptParams {
    /** The receiver's public key (when encrypting as the application server). */
    dh: Buffer | string;
    salt?: Buffer | string;
    rs?: number;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  export function encrypt(buffer: Buffer, params: EncryptParams): Buffer;
}
