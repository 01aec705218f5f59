import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { buildDeps } from '../../src/adapters/compose.ts';
import { countingD1, d1Queries } from '../../src/adapters/d1/query-count.ts';
import { api, createStory, signUp } from './support/api.ts';

/** The benchmark's D1 counter (npm run bench:liveblog): every statement D1 is sent counts once. */
describe('counting D1 statements', () => {
  it('counts single statements, batches and the repositories’ queries, and answers them at /api/health/d1 only when on', async () => {
    expect((await api('/api/health/d1')).status).toBe(404);
    const d1 = countingD1(env.DB);
    const before = d1Queries.statements;
    await d1.prepare('SELECT 1').first();
    await d1.prepare('SELECT ?1 AS n').bind(2).all();
    expect(d1Queries.statements - before).toBe(2);
    const batches = d1Queries.batches;
    const [one, two] = await d1.batch([d1.prepare('SELECT 1 AS n'), d1.prepare('SELECT ?1 AS n').bind(5)]);
    expect(one!.results).toEqual([{ n: 1 }]);
    expect(two!.results).toEqual([{ n: 5 }]);
    expect(d1Queries.statements - before).toBe(4);
    expect(d1Queries.batches - batches).toBe(1);

    // Through the real repositories (drizzle and plain SQL alike).
    const { token } = await signUp('reporter');
    const blog = await createStory(token, { format: 'liveblog', status: 'published' });
    const counted = buildDeps({ ...env, COUNT_D1_QUERIES: '1' });
    const start = d1Queries.statements;
    await counted.stories.findById(blog.id);
    await counted.liveBlogs.page(blog.id, { limit: 20 });
    expect(d1Queries.statements - start).toBe(3);

    // The rows D1 says it read and wrote (what it bills), from run(), all() and batch().
    const read = d1Queries.rowsRead;
    const written = d1Queries.rowsWritten;
    await d1.prepare('UPDATE stories SET title = title || ?1 WHERE id = ?2').bind('!', blog.id).run();
    expect(d1Queries.rowsWritten - written).toBeGreaterThanOrEqual(1);
    await d1.batch([d1.prepare('SELECT id FROM stories WHERE id <= ?1').bind(blog.id)]);
    expect(d1Queries.rowsRead - read).toBeGreaterThanOrEqual(2); // the update found its row, the select read it again

    const res = await api('/api/health/d1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      statements: d1Queries.statements,
      batches: d1Queries.batches,
      rowsRead: d1Queries.rowsRead,
      rowsWritten: d1Queries.rowsWritten,
      liveBlogStreams: 0,
    });
  });
});
