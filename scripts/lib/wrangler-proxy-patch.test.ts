import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MARK, ORIGINAL, ORIGINAL_503, PATCHED, PATCHED_503, patchWranglerProxy, proxyWorkerPath } from './wrangler-proxy-patch.ts';

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
  it('is made to the wrangler installed here, once', () => {
    // The installed file as npm put it there (a site served from this tree may have patched it already).
    const installed = readFileSync(proxyWorkerPath(), 'utf8');
    const asInstalled = installed.includes(MARK) ? installed.replace(PATCHED, ORIGINAL).replace(PATCHED_503, ORIGINAL_503) : installed;
    expect(asInstalled).not.toContain(MARK);
    const path = copyOf(asInstalled);
    expect(patchWranglerProxy(path)).toBe('patched');
    const patched = readFileSync(path, 'utf8');
    expect(patched).toContain(MARK);
    expect(patched).toContain('The worker did not answer');
    if (installed.includes(MARK)) expect(patched).toBe(installed);
    // A second call changes nothing, and leaves nothing beside it.
    expect(patchWranglerProxy(path)).toBe('already');
    expect(readFileSync(path, 'utf8')).toBe(patched);
    expect(readdirSync(dirname(path))).toEqual(['ProxyWorker.js']);
  });

  it('refuses a proxy worker it does not know, rather than serving it half patched', () => {
    const path = copyOf(`// another wrangler\n${ORIGINAL_503}\n`);
    expect(() => patchWranglerProxy(path)).toThrow(/not the proxy worker decision 104 patches/);
    expect(readFileSync(path, 'utf8')).not.toContain('decision 104 */');
    expect(() => patchWranglerProxy(copyOf(ORIGINAL))).toThrow(/wrangler was upgraded/);
  });
});
