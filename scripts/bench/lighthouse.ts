import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { run } from '../lib/run.ts';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Simulated mobile metrics of the run the scores come from. */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Performance score of every run, for the spread. */
  performanceRuns: number[];
}

interface LighthouseJson {
  categories: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}

async function lighthouseOnce(url: string): Promise<LighthouseJson> {
  const dir = await mkdtemp(path.join(tmpdir(), 'newsroom-lighthouse-'));
  const report = path.join(dir, 'report.json');
  try {
    await run(
      'npx',
      [
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { quiet: true, env: { CHROME_PATH: CHROMIUM_PATH } },
    );
    return JSON.parse(await readFile(report, 'utf8')) as LighthouseJson;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART); such a run is repeated. */
async function withRetries<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= tries) throw error;
      console.warn(
        `Lighthouse run failed, trying again: ${
          String(error)
            .split('\n')
            .find((line) => line.includes('error')) ?? error
        }`,
      );
    }
  }
}

/**
 * Lighthouse's default mobile run (simulated slow 4G and a 4x slower CPU), `runs` times; the
 * scores are those of the run with the median performance score, as Lighthouse's own guidance
 * on variability recommends.
 */
export async function lighthouse(url: string, runs = 3): Promise<LighthouseScores> {
  const reports: LighthouseJson[] = [];
  for (let n = 0; n < runs; n++) reports.push(await withRetries(() => lighthouseOnce(url)));
  const byPerformance = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const median = byPerformance[Math.floor(byPerformance.length / 2)]!;
  const score = (key: keyof LighthouseJson['categories']) => Math.round(median.categories[key].score * 100);
  const metric = (id: string) => Math.round(median.audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: median.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      speedIndexMs: metric('speed-index'),
    },
    performanceRuns: reports.map((report) => Math.round(report.categories.performance.score * 100)),
  };
}
