import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { searchBench, searchBenchTable } from './bench/search-bench.ts';
import { ensureDevVars } from './lib/dev-vars.ts';
import { projectRoot as root } from './lib/project.ts';
import { buildSite } from './lib/serve-build.ts';

/**
 * `npm run bench:search`: the search benchmark alone (scripts/bench/search-bench.ts; `npm run
 * bench` runs it too). Builds unless --no-build; serves on BENCH_SEARCH_PORT (default 8862).
 * Run it with `/work/bin/heavy --exclusive` on a shared machine.
 */
// The build copies .dev.vars (the pepper) next to the worker.
ensureDevVars();
if (!process.argv.includes('--no-build')) await buildSite();
const result = await searchBench({
  port: Number(process.env.BENCH_SEARCH_PORT ?? 8862),
  seconds: Number(process.env.BENCH_SECONDS ?? 3),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
});
console.log(['', ...searchBenchTable(result), ''].join('\n'));
await mkdir(path.join(root, 'bench-results'), { recursive: true });
await writeFile(
  path.join(root, 'bench-results', 'search.json'),
  `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
);
