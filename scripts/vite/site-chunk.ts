import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The reader's shared chunk, decided by folder: every module under the given folders (the site
 * frame, the story parts every reader's page shows, the generic UI), and the modules of ours they
 * import statically (the sign-in state, the domain's rules they use), except what the entry itself
 * runs before the app starts (main.tsx and its imports stay in the entry) and what a plain island
 * runs (`*.island.ts`: the live blog's feed), so that loading an island never loads the site chunk
 * and React with it. Computed from the module graph once it is complete, so no list of files needs
 * keeping up to date.
 */
export function siteChunk(root: string, folders: readonly string[]) {
  const src = path.join(root, 'src') + path.sep;
  const seeds = folders.map((folder) => path.join(root, folder) + path.sep);
  let members = new Set<string>();

  const plugin: Plugin = {
    name: 'newsroom:site-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const entryRuns = reachable(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        imports,
      );
      // A route file's lazy parts (`?tsr-split=...`) are chunks of their own, never seeds.
      const frame = reachable(
        ids.filter((id) => !id.includes('?') && seeds.some((seed) => id.startsWith(seed))),
        (id) => imports(id).filter((imported) => imported.startsWith(src)),
      );
      const islandRuns = reachable(
        ids.filter((id) => /\.island\.ts$/.test(id)),
        imports,
      );
      members = new Set([...frame].filter((id) => !entryRuns.has(id) && !islandRuns.has(id)));
    },
  };
  return { plugin, test: (id: string) => members.has(id) };
}

function reachable(from: string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return seen;
}
