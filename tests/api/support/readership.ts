import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { buildDeps } from '../../../src/adapters/compose.ts';
import { createApp } from '../../../src/adapters/http/app.ts';
import { shardName, VIEW_COUNTER_SHARDS } from '../../../src/adapters/readership/sharded-view-counter.ts';
import type { ViewCounterShard } from '../../../src/adapters/readership/view-counter-shard.ts';
import type { Clock } from '../../../src/domain/time.ts';
import type { ApiResponse } from './api.ts';

/** User-Agent strings as browsers and bots send them. */
export const AGENTS = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mobile:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
} as const;

/** A clock the test moves. */
export class TestClock implements Clock {
  constructor(public at: string) {}
  now(): string {
    return this.at;
  }
}

/**
 * The whole API over this test file's D1 and Durable Objects, with the test's clock, called as a
 * browser would: any headers, and a JSON body when given.
 */
export function readershipApp(clock: Clock, d1: D1Database = env.DB) {
  const app = createApp(buildDeps({ ...env, DB: d1 }, clock));
  return async <T = any>(
    path: string,
    init: { method?: string; token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await app.fetch(new Request(`http://newsroom.test${path}`, { method: init.method ?? 'GET', headers, body }));
    const text = await res.text();
    const parsed = res.headers.get('content-type')?.includes('application/json') && text !== '' ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  };
}

export function shardStub(shard: number): DurableObjectStub<ViewCounterShard> {
  return env.VIEW_COUNTERS.get(env.VIEW_COUNTERS.idFromName(shardName(shard)));
}

/** Runs every view counter's alarm now: what the alarm would do within VIEW_FLUSH_SECONDS. */
export async function flushViews(): Promise<void> {
  for (let shard = 0; shard < VIEW_COUNTER_SHARDS; shard++) await runDurableObjectAlarm(shardStub(shard));
}

/** Every row of every table of every view counter's own storage, as text. */
export async function counterStorageDump(): Promise<string> {
  const dumps: string[] = [];
  for (let shard = 0; shard < VIEW_COUNTER_SHARDS; shard++) {
    dumps.push(
      await runInDurableObject(shardStub(shard), (_counter, state) => {
        const tables = state.storage.sql
          .exec<{ name: string }>(
            `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`,
          )
          .toArray();
        return JSON.stringify(tables.map(({ name }) => ({ name, rows: state.storage.sql.exec(`SELECT * FROM "${name}"`).toArray() })));
      }),
    );
  }
  return dumps.join('\n');
}

/** Every row of every table of the D1 database, as text. */
export async function databaseDump(): Promise<{ tables: string[]; text: string }> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'd1\\_%' ESCAPE '\\'`,
  ).all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of results) {
    try {
      const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      parts.push(`${name}: ${JSON.stringify(rows.results)}`);
    } catch (error) {
      // FTS5 shadow tables can be read; a virtual table's internal one may refuse: say which.
      parts.push(`${name}: unreadable (${String(error)})`);
    }
  }
  return { tables: results.map((row) => row.name), text: parts.join('\n') };
}

const WRITE = /^\s*(WITH\b[\s\S]*?\b)?(INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** The real D1, noting every statement prepared on it: which of them write. */
export function watchedD1(d1: D1Database): { d1: D1Database; writes: () => string[] } {
  const prepared: string[] = [];
  const watched = new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { d1: watched, writes: () => prepared.filter((sql) => WRITE.test(sql)) };
}
