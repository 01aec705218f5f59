import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGINAL, ORIGINAL_503, patchWranglerProxy, proxyWorkerPath } from './wrangler-proxy-patch.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOf(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-patch-'));
  dirs.push(dir);
  const path = join(dir, 'ProxyWorker.js');
  writeFileSync(path, text);
  return path;
}

describe('the patch of wrangler dev’s proxy worker (decision 104)', () => {
  it('is made to the wrangler installed here (or was already)', () => {
    const installed = readFileSync(proxyWorkerPath(), 'utf8');
    const path = copyOf(installed);
    expect(['patched', 'already']).toContain(patchWranglerProxy(path));
    const patched = readFileSync(path, 'utf8');
    expect(patched).toContain('/* newsroom: decision 104 */');
    expect(patched).toContain('The worker did not answer');
    // Once: a second call changes nothing.
    expect(patchWranglerProxy(path)).toBe('already');
    expect(readFileSync(path, 'utf8')).toBe(patched);
  });

  it('refuses a proxy worker it does not know, rather than serving it half patched', () => {
    const path = copyOf(`// another wrangler\n${ORIGINAL_503}\n`);
    expect(() => patchWranglerProxy(path)).toThrow(/not the proxy worker decision 104 patches/);
    expect(readFileSync(path, 'utf8')).not.toContain('decision 104 */');
    expect(() => patchWranglerProxy(copyOf(ORIGINAL))).toThrow(/wrangler was upgraded/);
  });
});
