import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { APP_START_META } from '../../src/web/boot/app-start-meta.ts';

/**
 * The chunks the entry starts the app with (its dynamic imports) and everything those import
 * statically, less what the entry itself imports (index.html preloads those already). Lazy route
 * chunks, a reader's and a reporter's alike, are not among them.
 */
export function appStartChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = new Map(Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const found = new Map<string, OutputChunk>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || found.has(fileName)) return;
    found.set(fileName, chunk);
    chunk.imports.forEach(visit);
  };
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  for (const entry of entries) entry.dynamicImports.forEach(visit);
  for (const entry of entries) for (const loaded of [entry.fileName, ...entry.imports]) found.delete(loaded);
  return [...found.values()];
}

/**
 * Names the app's start-up chunks in index.html. On a reader's page the app starts only when the
 * reader first interacts (src/web/boot/take-over.ts); once the page has loaded and the browser is
 * idle, the entry prefetches these files, so that first click is answered from cache rather than
 * after a download. A `<link rel="prefetch">` in the HTML itself could be fetched while the page
 * is still loading, competing with it.
 */
export function prefetchAppStart(): Plugin {
  return {
    name: 'newsroom:prefetch-app-start',
    applyToEnvironment: (environment) => environment.name === 'client',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        if (!context.bundle) return [];
        const files = appStartChunks(context.bundle as unknown as OutputBundle).map((chunk) => `/${chunk.fileName}`);
        return [{ tag: 'meta', attrs: { name: APP_START_META, content: files.join(' ') }, injectTo: 'head' }];
      },
    },
  };
}
