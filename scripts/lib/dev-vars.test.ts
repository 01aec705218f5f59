import { createECDH, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDevVars } from './dev-vars.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'dev-vars-')), '.dev.vars');
const read = (path: string, name: string) => new RegExp(`^${name}="([^"]+)"$`, 'm').exec(readFileSync(path, 'utf8'))?.[1];

/** A VAPID pair signs and verifies as one key: the private scalar belongs to the public point. */
function isPair(publicKey: string, privateKey: string): boolean {
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  const data = Buffer.from('vapid');
  const signature = sign('sha256', data, createPrivateKey({ key: { ...jwk, d: privateKey }, format: 'jwk' }));
  return point.length === 65 && point[0] === 4 && verify('sha256', data, createPublicKey({ key: jwk, format: 'jwk' }), signature);
}

describe('.dev.vars', () => {
  it('gets every local secret once, the VAPID keys as a matching P-256 pair, and is never rewritten', () => {
    const path = fresh();
    expect(ensureDevVars(path)).toEqual(['PASSWORD_PEPPER', 'TWO_FACTOR_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    expect(isPair(read(path, 'VAPID_PUBLIC_KEY')!, read(path, 'VAPID_PRIVATE_KEY')!)).toBe(true);
    const before = readFileSync(path, 'utf8');
    expect(ensureDevVars(path)).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('adds the VAPID pair to an older .dev.vars and keeps what was there', () => {
    const path = fresh();
    writeFileSync(path, 'PASSWORD_PEPPER="kept-pepper"\nTWO_FACTOR_KEY="kept-key"\n');
    expect(ensureDevVars(path)).toEqual(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    expect([read(path, 'PASSWORD_PEPPER'), read(path, 'TWO_FACTOR_KEY')]).toEqual(['kept-pepper', 'kept-key']);
  });

  it('derives the public key of a private key set by hand, and refuses a public key alone', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const path = fresh();
    writeFileSync(path, `PASSWORD_PEPPER="p"\nTWO_FACTOR_KEY="k"\nVAPID_PRIVATE_KEY="${ecdh.getPrivateKey().toString('base64url')}"\n`);
    expect(ensureDevVars(path)).toEqual(['VAPID_PUBLIC_KEY']);
    expect(read(path, 'VAPID_PUBLIC_KEY')).toBe(ecdh.getPublicKey().toString('base64url'));
    const lonely = fresh();
    writeFileSync(lonely, `PASSWORD_PEPPER="p"\nTWO_FACTOR_KEY="k"\nVAPID_PUBLIC_KEY="${ecdh.getPublicKey().toString('base64url')}"\n`);
    expect(() => ensureDevVars(lonely)).toThrow(/VAPID_PRIVATE_KEY/);
  });
});
