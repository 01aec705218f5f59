import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * wrangler dev answers every request through its proxy worker (ProxyWorker.js), which forwards it
 * to ours. When that forward fails while our worker is running unchanged, the proxy takes it for a
 * reload that is under way (it compares the whole URL, path included, with the worker's bare
 * origin, so they never match): a GET or HEAD is parked until the next request comes in, and
 * anything else is answered 503 "Your worker restarted mid-request". A page then waits for ever on
 * one picture or script, and a sign-in fails. Decision 104: we correct it where it is served, once,
 * in the installed file: a GET or HEAD is tried again at once (three times at most, then a 502
 * saying why), and a refused request's 503 says what failed.
 */
export const MARK = '/* newsroom: decision 104 */';

export const ORIGINAL = `        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);
        if (userWorkerUrl.href === newUserWorkerUrl?.href) {`;

export const PATCHED = `        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);
        ${MARK}
        const sameWorker = userWorkerUrl.origin === newUserWorkerUrl?.origin;
        if (sameWorker && (request.method === "GET" || request.method === "HEAD")) {
          const tries = (this.newsroomTries ??= new WeakMap()).get(request) ?? 0;
          if (tries < 3) {
            this.newsroomTries.set(request, tries + 1);
            this.requestRetryQueue.set(request, deferredResponse);
            this.processQueue();
          } else {
            deferredResponse.resolve(new Response(\`The worker did not answer: \${error?.message ?? error}\`, { status: 502 }));
          }
          return;
        }
        if (userWorkerUrl.href === newUserWorkerUrl?.href) {`;

/** How wrangler dev's proxy begins its 503 for a request it could not forward (a POST: it keeps no body to send again). */
export const PROXY_COULD_NOT_FORWARD = 'Your worker restarted mid-request.';

export const ORIGINAL_503 = `"Your worker restarted mid-request. Please try sending the request again. Only GET or HEAD requests are retried automatically.",`;
export const PATCHED_503 = `"Your worker restarted mid-request. Please try sending the request again. Only GET or HEAD requests are retried automatically. (" + (error?.message ?? error) + ")",`;

export function proxyWorkerPath(): string {
  const cli = createRequire(import.meta.url).resolve('wrangler/wrangler-dist/cli.js');
  return join(dirname(cli), 'ProxyWorker.js');
}

/** Patches the installed ProxyWorker.js once; throws if wrangler changed it (then read decision 104 again). */
export function patchWranglerProxy(path = proxyWorkerPath()): 'patched' | 'already' {
  const source = readFileSync(path, 'utf8');
  if (source.includes(MARK)) return 'already';
  if (!source.includes(ORIGINAL) || !source.includes(ORIGINAL_503)) {
    throw new Error(
      `${path} is not the proxy worker decision 104 patches (wrangler was upgraded?): check whether it still needs the patch`,
    );
  }
  // Written beside it, then renamed over it: a second site starting meanwhile reads the old file or the new, never half of one.
  const written = `${path}.${process.pid}.tmp`;
  writeFileSync(written, source.replace(ORIGINAL, PATCHED).replace(ORIGINAL_503, PATCHED_503));
  renameSync(written, path);
  return 'patched';
}
