/**
 * Counts the statements this isolate sends D1, for `npm run bench:liveblog` (decision 055): on only
 * when the worker is served with COUNT_D1_QUERIES=1, read at GET /api/health/d1. Every statement
 * counts once, whether run alone (first, all, run, raw) or inside a batch; nothing is cached or
 * skipped, so the number is what D1 was asked.
 */
export const d1Queries = { enabled: false, statements: 0, batches: 0, rowsRead: 0, rowsWritten: 0 };

/**
 * Adds up the rows D1 says a statement read and wrote (what D1 bills), for `npm run bench:newsletter`.
 * Only results that carry `meta` count: run(), all() and batch(); first() and raw() answer without it.
 */
function countRows<T>(result: T): T {
  for (const one of Array.isArray(result) ? result : [result]) {
    const meta = (one as { meta?: { rows_read?: number; rows_written?: number } } | null)?.meta;
    d1Queries.rowsRead += meta?.rows_read ?? 0;
    d1Queries.rowsWritten += meta?.rows_written ?? 0;
  }
  return result;
}

/** The statement objects D1's batch() needs, behind the counting ones handed out. */
const realStatements = new WeakMap<object, D1PreparedStatement>();
const RUNS = new Set<PropertyKey>(['first', 'all', 'run', 'raw']);

function bound<T extends object>(target: T, property: PropertyKey): unknown {
  const value = Reflect.get(target, property, target) as unknown;
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

function countedStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const counted = new Proxy(statement, {
    get(target, property) {
      if (property === 'bind') return (...values: unknown[]) => countedStatement(target.bind(...values));
      if (RUNS.has(property)) {
        const run = bound(target, property) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          d1Queries.statements++;
          const result = run(...args) as Promise<unknown>;
          return property === 'run' || property === 'all' ? result.then(countRows) : result;
        };
      }
      return bound(target, property);
    },
  });
  realStatements.set(counted, statement);
  return counted;
}

export function countingD1(d1: D1Database): D1Database {
  d1Queries.enabled = true;
  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare') return (query: string) => countedStatement(target.prepare(query));
      if (property === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          d1Queries.batches++;
          d1Queries.statements += statements.length;
          return target.batch(statements.map((statement) => realStatements.get(statement) ?? statement)).then(countRows);
        };
      }
      if (property === 'exec') {
        return (query: string) => {
          d1Queries.statements += query.split(';').filter((part) => part.trim() !== '').length;
          return target.exec(query);
        };
      }
      return bound(target, property);
    },
  });
}
