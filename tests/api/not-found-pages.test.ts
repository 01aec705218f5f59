import { describe, expect, it } from 'vitest';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Issue 19 item 3: an address the app has no screen for answers 404, with docs/product/screens.md's
 * not-found screen and a title that says so, to curl as to a browser (the app's screens still answer
 * with the app).
 */
const site = siteApp();
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('unknown addresses', () => {
  it('answer 404 with the not-found screen, its title and noindex', async () => {
    for (const path of ['/nope', '/no/such/page', '/story/new/extra', '/stories', '/dashboard/x', '/apis']) {
      const res = await site(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(title(res.text), path).toBe('404 Page Not Found – The Newsroom');
      expect(heading(res.text), path).toBe('404 Page Not Found');
      expect(res.text, path).toContain('<p>Did you forget to add the page to the router?</p>');
      expect(res.text, path).toContain('<meta name="robots" content="noindex">');
      // A whole page: the frame, with the way home.
      expect(res.text, path).toContain('<header class="site-header">');
      expect(res.text, path).toContain('<a class="button button-primary" href="/">Back to Home</a>');
      expect(res.text, path).toContain('<footer class="site-footer">');
    }
  });

  it('say which thing is missing on the story, beat and author pages', async () => {
    await createBeat(site.deps, { name: 'Politics', description: null });
    const cases = [
      ['/story/no-such-story', 'Story Not Found'],
      ['/story/999999', 'Story Not Found'],
      ['/beat/nope', 'Beat Not Found'],
      ['/author/nope', 'Author Not Found'],
      ['/author/not%20a%20name', 'Author Not Found'],
    ] as const;
    for (const [path, what] of cases) {
      const res = await site(path);
      expect(res.status, path).toBe(404);
      expect(title(res.text), path).toBe(`${what} – The Newsroom`);
      expect(heading(res.text), path).toBe(what);
      expect(res.text, path).toContain('<meta name="robots" content="noindex">');
      // The footer names the beats that exist, as on every page.
      expect(res.text, path).toContain('<a href="/beat/politics">Politics</a>');
    }
  });

  it('answer a missing file with a plain 404, not a page', async () => {
    for (const path of ['/scripts/gone.js', '/favicon.svgz', '/demo/missing.webp']) {
      const res = await site(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('<html');
    }
  });
});

describe('the app’s own screens', () => {
  it('answer 200 with the app', async () => {
    for (const path of ['/login', '/dashboard', '/admin', '/story/new', '/edit/12', '/profile', '/about', '/beta', '/search']) {
      const res = await site(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<div id="root">');
    }
  });

  it('send an address with a trailing slash to the one without', async () => {
    const res = await site('/beta/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/beta');
  });
});
