import { APP_START_META } from './app-start-meta.ts';

/**
 * Once the page has loaded and the browser is idle, fetches the app's start-up files into the
 * HTTP cache without running them, so the app starts quickly when the reader first interacts.
 */
export function prefetchAppWhenIdle(doc: Document = document): void {
  const files = doc.querySelector<HTMLMetaElement>(`meta[name="${APP_START_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  if (files.length === 0) return;
  const prefetch = () => {
    for (const href of files) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(prefetch, { timeout: 5000 }) : setTimeout(prefetch, 1000));
  if (doc.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
