import { Agent, request } from 'undici';
import type { DeviceClass, ViewSource } from '../../../src/domain/readership/readership.ts';

/**
 * Simulated readers for `npm run bench:views` and the kill test: each view is a POST
 * /api/stories/{id}/view as the reader page's beacon sends it, with a referrer and a User-Agent
 * drawn from the mixes below (some of them bots, which must not count). Views are sent open-loop
 * at the offered rate, whatever the server's pace, so a slow server shows as fewer views taken
 * per second and longer waits, not as a lower offer.
 */

/** Referrers and the source the server must file them under; '' is a reader with none. */
export const REFERRERS: readonly { referrer: string; source: ViewSource }[] = [
  { referrer: '', source: 'direct' },
  { referrer: '', source: 'direct' },
  { referrer: 'https://www.google.com/', source: 'search' },
  { referrer: 'https://www.google.co.uk/', source: 'search' },
  { referrer: 'https://www.bing.com/search?q=river+flood', source: 'search' },
  { referrer: 'https://duckduckgo.com/', source: 'search' },
  { referrer: 'https://t.co/a1B2c3', source: 'social' },
  { referrer: 'https://l.facebook.com/l.php', source: 'social' },
  { referrer: 'https://www.reddit.com/r/news/', source: 'social' },
  { referrer: 'https://news.google.com/', source: 'news' },
  { referrer: 'https://flipboard.com/@newsroom', source: 'news' },
  { referrer: 'https://a-local-blog.example/2026/05/council', source: 'other' },
];

export const AGENTS: readonly { ua: string; device: DeviceClass }[] = [
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    device: 'desktop',
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    device: 'desktop',
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    device: 'mobile',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    device: 'mobile',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    device: 'mobile',
  },
  {
    ua: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    device: 'tablet',
  },
  { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', device: 'bot' },
  { ua: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', device: 'bot' },
];

export interface ViewLoadOptions {
  baseUrl: string;
  storyIds: readonly number[];
  ratePerSecond: number;
  seconds: number;
  /** Connections the readers share (a browser per reader would use more; the server sees requests either way). */
  connections?: number;
  timeoutMs?: number;
  /** Stop offering views when this resolves (the kill test kills the server mid-load). */
  stop?: Promise<void>;
}

export interface Tally {
  views: number;
  bySource: Partial<Record<ViewSource, number>>;
  byDevice: Partial<Record<DeviceClass, number>>;
}

export interface ViewLoadResult {
  offered: number;
  /** Answered 200 to a reader that is not a bot: views answered as counted. */
  counted: Tally;
  /** Answered 200 to a bot (not counted by the server). */
  botAnswers: number;
  /** Per story, views answered as counted and the highest count any answer carried. */
  byStory: Map<number, { counted: number; highest: number }>;
  errors: number;
  /** From the first view sent to the last answer. */
  elapsedSeconds: number;
  /** Over the counted views' answers. */
  p50Ms: number;
  p99Ms: number;
}

/** A deterministic spread over the mixes (no Math.random: runs are comparable). */
function pick<T>(list: readonly T[], n: number, salt: number): T {
  return list[(n * 2654435761 + salt) % list.length]!;
}

export async function offerViews(options: ViewLoadOptions): Promise<ViewLoadResult> {
  const { baseUrl, storyIds, ratePerSecond, seconds, connections = 128, timeoutMs = 60_000 } = options;
  const dispatcher = new Agent({ connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const total = Math.round(ratePerSecond * seconds);
  const counted: Tally = { views: 0, bySource: {}, byDevice: {} };
  const byStory = new Map<number, { counted: number; highest: number }>();
  const latencies: number[] = [];
  let botAnswers = 0;
  let errors = 0;
  let stopped = false;
  void options.stop?.then(() => {
    stopped = true;
  });

  const one = async (n: number): Promise<void> => {
    const storyId = storyIds[n % storyIds.length]!;
    const { referrer, source } = pick(REFERRERS, n, 7);
    const { ua, device } = pick(AGENTS, n, 3);
    const sent = performance.now();
    try {
      const res = await request(`${baseUrl}/api/stories/${storyId}/view`, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', 'user-agent': ua },
        body: JSON.stringify({ referrer }),
      });
      const body = (await res.body.json()) as { views?: number };
      if (res.statusCode !== 200 || typeof body.views !== 'number') {
        errors += 1;
        return;
      }
      if (device === 'bot') {
        botAnswers += 1;
        return;
      }
      latencies.push(performance.now() - sent);
      counted.views += 1;
      counted.bySource[source] = (counted.bySource[source] ?? 0) + 1;
      counted.byDevice[device] = (counted.byDevice[device] ?? 0) + 1;
      const story = byStory.get(storyId) ?? { counted: 0, highest: 0 };
      byStory.set(storyId, { counted: story.counted + 1, highest: Math.max(story.highest, body.views) });
    } catch {
      errors += 1;
    }
  };

  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let next = 0;
  while (next < total && !stopped) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * ratePerSecond) + 1);
    for (; next < due; next++) inFlight.push(one(next));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - started) / 1000;
  await dispatcher.close().catch(() => {});
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { offered: next, counted, botAnswers, byStory, errors, elapsedSeconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}
