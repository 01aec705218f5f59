import type { Browser, Request } from 'playwright-core';

/** What holds up a page's `load` event: a request of these kinds still open keeps the page loading. */
const LOAD_BLOCKING = new Set(['document', 'script', 'stylesheet', 'image', 'font']);

/**
 * Every context the journeys open logs a request that holds up its page's load and is still open
 * after `afterMs`. A page whose load never ends (a `page.goto` timing out at 30 s) then names the
 * request it waited for; decision 104 is what such a request was at stops 34 and 35.
 */
export function logSlowRequests(browser: Browser, afterMs = 10_000): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const open = new Map<Request, ReturnType<typeof setTimeout>>();
    const settle = (request: Request) => {
      clearTimeout(open.get(request));
      open.delete(request);
    };
    context.on('request', (request) => {
      if (!LOAD_BLOCKING.has(request.resourceType())) return;
      const timer = setTimeout(() => console.warn(`still open after ${afterMs / 1000} s: ${request.method()} ${request.url()}`), afterMs);
      open.set(request, timer);
    });
    context.on('requestfinished', settle);
    context.on('requestfailed', settle);
    context.on('close', () => {
      for (const timer of open.values()) clearTimeout(timer);
      open.clear();
    });
    return context;
  };
}
