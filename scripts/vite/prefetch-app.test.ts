import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { appStartChunks } from './prefetch-app.ts';

function chunk(fileName: string, { isEntry = false, imports = [] as string[], dynamicImports = [] as string[] } = {}): OutputChunk {
  return { type: 'chunk', fileName, isEntry, imports, dynamicImports, code: '' } as unknown as OutputChunk;
}

describe('the app start-up chunks index.html prefetches', () => {
  it('are what the entry starts lazily and their static imports, not the entry’s own imports or lazy routes', () => {
    const chunks = [
      chunk('entry.js', { isEntry: true, imports: ['client.js'], dynamicImports: ['react.js', 'start.js'] }),
      chunk('client.js'),
      chunk('react.js', { imports: ['react-dom.js'] }),
      chunk('react-dom.js'),
      chunk('start.js', { imports: ['router.js', 'client.js', 'react-dom.js'], dynamicImports: ['route.js'] }),
      chunk('router.js'),
      chunk('route.js', { imports: ['card.js'] }),
      chunk('card.js'),
    ];
    const bundle = Object.fromEntries([...chunks.map((c) => [c.fileName, c]), ['style.css', { type: 'asset', fileName: 'style.css' }]]) as OutputBundle;
    expect(appStartChunks(bundle).map((c) => c.fileName).sort()).toEqual(['react-dom.js', 'react.js', 'router.js', 'start.js']);
  });
});
