import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';

/**
 * Issue 37: the origin the fediverse knows the site by (every actor's and story's id is made of it)
 * is configured (SITE_ORIGIN), never taken from a request's Host: in this file's fresh storage, the
 * very first request from the fediverse comes with another Host.
 */

const NEWSROOM = 'http://newsroom.test/ap/actors/newsroom';
let firstActor: { id: string; inbox: string };

beforeAll(async () => {
  const first = await worker.fetch(
    new Request('http://evil.example/ap/actors/newsroom', { headers: { Accept: 'application/activity+json' } }),
    env,
    createExecutionContext(),
  );
  firstActor = (await first.json()) as { id: string; inbox: string };
  // The first request from the fediverse loads its library: slow on a loaded machine (vitest.config.ts's hookTimeout).
}, 90_000);

describe('the origin the fediverse knows the site by', () => {
  it('is SITE_ORIGIN: a first request with another Host pins nothing, and every id stays the configured one', async () => {
    expect(firstActor.id).toBe(NEWSROOM);
    expect(firstActor.inbox).toBe(`${NEWSROOM}/inbox`);
    const stored = await env.DB.prepare("SELECT value FROM site_settings WHERE key = 'fediverse'").first<string>('value');
    expect(stored ?? '').not.toContain('evil.example');
    const finger = await worker.fetch(
      new Request('http://evil.example/.well-known/webfinger?resource=acct:newsroom@newsroom.test'),
      env,
      createExecutionContext(),
    );
    expect(finger.status).toBe(200);
    const self = ((await finger.json()) as { links: { rel: string; href: string }[] }).links.find((link) => link.rel === 'self');
    expect(self?.href).toBe(NEWSROOM);
  });
});
