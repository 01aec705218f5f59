import path from 'node:path';
import type { Plugin } from 'vite';

/** A vanilla island's module (src/web/islands/registry.ts names them); React islands are `.island.tsx`. */
const VANILLA_ISLAND = /\.island\.ts$/;

/**
 * Two chunks decided from the module graph once it is complete, so no list of files needs keeping
 * up to date:
 * - `islands`: the vanilla islands of a reader's page (decision 045) and the modules of ours they
 *   import statically, in one small file that a reader's first interaction loads whole (one
 *   request, and one name in the entry's list of what to preload), never React; except the islands
 *   under `islandsApart` (one kind of page's own, such as the live blog's feed: their own chunks);
 * - `site`: the reader's part of the app, by folder: every module under the given folders (the site
 *   frame, the story parts every reader's page shows, the generic UI) and the modules of ours they
 *   import statically (the sign-in state, the domain's rules they use).
 * Neither takes what the entry itself runs (main.tsx and its imports stay in the entry), and `site`
 * leaves every vanilla island's modules out, so that waking an island never loads React.
 */
export function readerChunks(root: string, folders: { site: readonly string[]; islandsApart: readonly string[] }) {
  const src = path.join(root, 'src') + path.sep;
  const under = (list: readonly string[]) => list.map((folder) => path.join(root, folder) + path.sep);
  const seeds = under(folders.site);
  const apart = under(folders.islandsApart);
  let islands = new Set<string>();
  let site = new Set<string>();

  const plugin: Plugin = {
    name: 'newsroom:reader-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const ours = (id: string) => imports(id).filter((imported) => imported.startsWith(src));
      const entryRuns = reachable(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        imports,
      );
      const vanilla = ids.filter((id) => VANILLA_ISLAND.test(id));
      const islandsRun = reachable(vanilla, ours);
      const shared = reachable(
        vanilla.filter((id) => !apart.some((folder) => id.startsWith(folder))),
        ours,
      );
      islands = new Set([...shared].filter((id) => !entryRuns.has(id)));
      // A route file's lazy parts (`?tsr-split=...`) are chunks of their own, never seeds.
      const frame = reachable(
        ids.filter((id) => !id.includes('?') && seeds.some((seed) => id.startsWith(seed))),
        ours,
      );
      site = new Set([...frame].filter((id) => !entryRuns.has(id) && !islandsRun.has(id)));
    },
  };
  return { plugin, islands: (id: string) => islands.has(id), site: (id: string) => site.has(id) };
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
