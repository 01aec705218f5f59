import { describe, expect, it } from 'vitest';
import { isApiUrl } from '../../src/adapters/http/app.ts';
import { siteApp } from './support/site-app.ts';

// The API and the pages are routed by two apps behind one entry (decision 039).
describe('which app a request reaches', () => {
  it('sends /api and what is under it to the API, every other path to the pages', () => {
    for (const url of [
      'http://x.test/api',
      'http://x.test/api/',
      'http://x.test/api?x=1',
      'http://x.test/api/stories/7',
      'https://x.test:8443/api/health',
    ]) {
      expect(isApiUrl(url), url).toBe(true);
    }
    for (const url of [
      'http://x.test/',
      'http://x.test/apis',
      'http://x.test/api-docs',
      'http://x.test/story/api',
      'http://x.test/?to=/api/x',
      'http://x.test/media/api/1',
    ]) {
      expect(isApiUrl(url), url).toBe(false);
    }
  });

  it('answers as before on both sides: the API JSON, its 404, the pages, the shell, with the security headers on each', async () => {
    const site = siteApp();
    const health = await site('/api/health');
    expect(JSON.parse(health.text)).toEqual({ ok: true });
    const unknownApi = await site('/api/no-such-thing');
    expect(unknownApi.status).toBe(404);
    expect(JSON.parse(unknownApi.text).error.code).toBe('not_found');
    const shell = await site('/dashboard');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('Content-Type')).toContain('text/html');
    const unknownPage = await site('/apis');
    expect(unknownPage.status).toBe(404);
    expect(unknownPage.text).toContain('<h1>404 Page Not Found</h1>');
    const home = await site('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html');
    for (const res of [health, unknownApi, shell, unknownPage, home]) {
      expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
