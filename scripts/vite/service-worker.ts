import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/**
 * The site's service worker as one classic script at /sw.js (the scope a service worker controls is
 * its own path's, so it must live at the root; and it imports nothing: a module service worker is not
 * yet everywhere). Its TypeScript (src/web/service-worker/sw.ts) is bundled on its own, as an IIFE,
 * into the client build, and served the same way by `vite dev`. Not hashed: browsers check /sw.js
 * for a new version themselves.
 */
export function serviceWorker(root: string, entry = 'src/web/service-worker/sw.ts'): Plugin {
  const bundle = async (): Promise<string> => {
    const result = (await build({
      configFile: false,
      root,
      logLevel: 'warn',
      build: {
        write: false,
        minify: true,
        lib: { entry: path.join(root, entry), formats: ['iife'], name: 'newsroomServiceWorker', fileName: () => 'sw.js' },
      },
    })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
    const outputs = Array.isArray(result) ? result : [result];
    const chunk = outputs.flatMap((output) => output.output).find((file): file is Rollup.OutputChunk => file.type === 'chunk');
    if (!chunk) throw new Error('The service worker build made no script');
    return chunk.code;
  };
  return {
    name: 'newsroom:service-worker',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundle() });
    },
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res, next) => {
        bundle().then((code) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(code);
        }, next);
      });
    },
  };
}
