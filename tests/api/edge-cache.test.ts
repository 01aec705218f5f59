import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { isPublicWrite } from '../../src/adapters/http/app.ts';
import { createStory, signUp } from './support/api.ts';
import { siteApp } from './support/site-app.ts';

async function cachedSite(namespace: string) {
  return siteApp({ edgeCache: { cache: await caches.open(`test-${namespace}`), namespace, ttlSeconds: 60 } });
}

const PUBLIC_READS = [
  '/api/stories?status=published&limit=6',
  '/api/stories/featured',
  '/api/streams/active',
  '/',
  '/rss.xml',
  '/sitemap.xml',
];

describe('the edge cache of public reads', () => {
  it('answers repeated anonymous reads from the cache, and never caches a signed-in read', async () => {
    const site = await cachedSite('repeat');
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token, { title: 'Cached story', status: 'published' });

    for (const path of [...PUBLIC_READS, `/api/stories/slug/${story.slug}`, `/api/stories/${story.id}`, `/story/${story.slug}`]) {
      const first = await site(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('X-Edge-Cache'), path).toBe('MISS');
      const second = await site(path);
      expect(second.headers.get('X-Edge-Cache'), path).toBe('HIT');
      expect(second.text, path).toBe(first.text);
      // Browsers always come back to us: the same URL can answer differently once signed in.
      expect(second.headers.get('Cache-Control'), path).toBe('public, max-age=0, must-revalidate');
      // The cached copy still goes out with the security headers.
      expect(second.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'");
    }

    const signedIn = await site('/api/stories?status=published&limit=6', { token: reporter.token });
    expect(signedIn.headers.get('X-Edge-Cache')).toBeNull();
    expect(signedIn.headers.get('Cache-Control')).toBe('no-store');
    expect((await site('/api/health')).headers.get('X-Edge-Cache')).toBeNull();
  });

  it('serves the new version of everything once a story is updated, published or deleted', async () => {
    const site = await cachedSite('purge');
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token, { title: 'Before the edit', status: 'published' });
    const warm = async () => {
      for (const path of [...PUBLIC_READS, `/api/stories/slug/${story.slug}`, `/story/${story.slug}`]) await site(path);
    };

    await warm();
    const update = await site(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: {
        title: 'After the edit',
        slug: story.slug,
        description: story.description,
        content: story.content,
        status: 'published',
        isFeatured: true,
        version: story.version,
      },
    });
    expect(update.status).toBe(200);
    const bySlug = await site(`/api/stories/slug/${story.slug}`);
    expect(bySlug.headers.get('X-Edge-Cache')).toBe('MISS');
    expect((JSON.parse(bySlug.text) as Story).title).toBe('After the edit');
    expect((await site(`/story/${story.slug}`)).text).toContain('<title>After the edit – The Newsroom</title>');
    expect((await site('/api/stories/featured')).text).toContain('After the edit');
    expect((await site('/rss.xml')).text).toContain('After the edit');

    await warm();
    const draft = await createStory(reporter.token, { title: 'Soon published' });
    const publish = await site(`/api/stories/${draft.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: {
        title: draft.title,
        slug: draft.slug,
        description: draft.description,
        content: draft.content,
        status: 'published',
        isFeatured: false,
        version: draft.version,
      },
    });
    expect(publish.status).toBe(200);
    expect((await site('/api/stories?status=published&limit=6')).text).toContain('Soon published');
    expect((await site('/')).text).toContain('Soon published');

    await warm();
    expect((await site(`/api/stories/${story.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    expect((await site(`/api/stories/slug/${story.slug}`)).status).toBe(404);
    expect((await site(`/story/${story.slug}`)).status).toBe(404);
    expect((await site('/sitemap.xml')).text).not.toContain(`/story/${story.slug}<`);
  });

  it('keeps serving from the cache after a view is counted or a write fails', async () => {
    const site = await cachedSite('no-purge');
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token, { title: 'Much viewed', status: 'published' });
    const path = `/api/stories/slug/${story.slug}`;
    await site(path);

    expect(
      JSON.parse((await site(`/api/stories/${story.id}/view`, { method: 'POST', headers: { 'Content-Type': 'application/json' } })).text),
    ).toEqual({ views: 1 });
    const afterView = await site(path);
    expect(afterView.headers.get('X-Edge-Cache')).toBe('HIT');
    expect((JSON.parse(afterView.text) as Story).views).toBe(0);

    const rejected = await site(`/api/stories/${story.id}`, { method: 'PUT', token: reporter.token, json: { title: '' } });
    expect(rejected.status).toBe(400);
    expect((await site(path)).headers.get('X-Edge-Cache')).toBe('HIT');
  });

  it('keeps deployments apart: another namespace does not see this one’s entries', async () => {
    const cache = await caches.open('test-deployments');
    const one = siteApp({ edgeCache: { cache, namespace: 'deployment-1' } });
    const two = siteApp({ edgeCache: { cache, namespace: 'deployment-2' } });
    await one('/api/stories/featured');
    expect((await one('/api/stories/featured')).headers.get('X-Edge-Cache')).toBe('HIT');
    expect((await two('/api/stories/featured')).headers.get('X-Edge-Cache')).toBe('MISS');
  });
});

describe('the in-memory level of the edge cache', () => {
  it('serves an isolate its own copy for a few seconds, then the shared cache’s current generation', async () => {
    let now = 1_000_000;
    const shared = await caches.open('test-isolates');
    const config = { cache: shared, namespace: 'isolates', ttlSeconds: 60, memoryTtlSeconds: 5, now: () => now };
    // Two isolates of one data centre: their own memory, one shared cache.
    const isolateA = siteApp({ edgeCache: config });
    const isolateB = siteApp({ edgeCache: config });
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token, { title: 'Seen by two isolates', status: 'published' });
    const path = `/api/stories/slug/${story.slug}`;

    expect((await isolateA(path)).headers.get('X-Edge-Cache')).toBe('MISS');
    expect((await isolateB(path)).headers.get('X-Edge-Cache')).toBe('HIT'); // from the shared cache

    const edit = await isolateB(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: {
        title: 'Edited in B',
        slug: story.slug,
        description: story.description,
        content: story.content,
        status: 'published',
        isFeatured: false,
        version: story.version,
      },
    });
    expect(edit.status).toBe(200);
    // B wrote: B answers the new version at once.
    expect((JSON.parse((await isolateB(path)).text) as Story).title).toBe('Edited in B');
    // A still has its own copy for up to 5 seconds...
    now += 4_000;
    expect((JSON.parse((await isolateA(path)).text) as Story).title).toBe('Seen by two isolates');
    // ...then asks the shared cache, whose generation B moved on.
    now += 1_000;
    const later = await isolateA(path);
    expect((JSON.parse(later.text) as Story).title).toBe('Edited in B');
  });
});

describe('which writes refresh the edge cache', () => {
  it('all but signing in and out, counting views, image uploads and resumable upload sessions and parts', () => {
    for (const path of [
      '/api/stories',
      '/api/stories/7',
      '/api/stories/7/restore',
      '/api/beats/3',
      '/api/users/4',
      '/api/streams/5/end',
      '/api/upload/video',
      '/api/uploads/abc/complete',
    ]) {
      expect(isPublicWrite(path), path).toBe(true);
    }
    for (const path of [
      '/api/auth/login',
      '/api/auth/logout',
      '/api/stories/7/view',
      '/api/upload/image',
      '/api/uploads',
      '/api/uploads/abc',
      '/api/uploads/abc/parts/3',
    ]) {
      expect(isPublicWrite(path), path).toBe(false);
    }
  });
});

describe('the health route', () => {
  it('answers {"ok":true} and is never cached', async () => {
    const site = await cachedSite('health');
    const res = await site('/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ ok: true });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});
