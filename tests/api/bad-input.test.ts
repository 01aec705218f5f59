import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import {
  JSON_CONTENT_TYPE,
  api,
  createStory,
  deps,
  expectNoInternals,
  mapConcurrently,
  signUp,
  storyPayload,
  type ApiResponse,
} from './support/api.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';

/**
 * Fuzzing every endpoint with input a client should never send: no answer is a 500, every refusal is
 * a 4xx JSON body {"error": {"code", "message", "fields"?}} without a stack trace or SQL.
 */

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A valid JSON body, for the endpoints that take one; fields are fuzzed one at a time from it. */
  body?: () => Promise<Record<string, unknown>>;
  /** Headers every call to it sends. */
  headers?: Record<string, string>;
}

let admin: { token: string; user: { id: number } };
let story: Story;
let beatId: number;
let sequence = 0;
const unique = (prefix: string) => `${prefix}${++sequence}`;

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/auth/login', body: async () => ({ emailOrUsername: 'nobody', password: 'secret-pw', remember: true }) },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'GET', path: '/api/auth/me' },
  {
    method: 'POST',
    path: '/api/auth/register',
    body: async () => {
      const username = unique('fuzz');
      return { username, email: `${username}@newsroom.test`, password: 'secret-pw', role: 'reporter', firstName: 'Fuzz', lastName: 'Test' };
    },
  },
  { method: 'GET', path: '/api/users' },
  { method: 'DELETE', path: '/api/users/:id' },
  { method: 'GET', path: '/api/beats' },
  { method: 'POST', path: '/api/beats', body: async () => ({ name: unique('Fuzz beat '), description: 'About fuzzing' }) },
  { method: 'PUT', path: '/api/beats/:id', body: async () => ({ name: unique('Renamed beat '), description: 'Renamed' }) },
  { method: 'GET', path: '/api/stories' },
  { method: 'GET', path: '/api/stories/featured' },
  { method: 'GET', path: '/api/stories/:id' },
  { method: 'GET', path: '/api/stories/slug/:slug' },
  { method: 'POST', path: '/api/stories', body: async () => storyPayload({ beatId }) },
  {
    method: 'PUT',
    path: '/api/stories/:id',
    body: async () => ({ ...storyPayload({ beatId }), slug: story.slug, version: (await deps.stories.findById(story.id))!.version }),
  },
  { method: 'DELETE', path: '/api/stories/:id' },
  { method: 'POST', path: '/api/stories/:id/restore' },
  // The beacon needs its JSON content type, body or not (415 otherwise).
  { method: 'POST', path: '/api/stories/:id/view', headers: { 'Content-Type': 'application/json' } },
  { method: 'GET', path: '/api/analytics/dashboard' },
];

/** The path with real ids in it, so that only the part being fuzzed is wrong. */
function concrete(path: string): string {
  const id = path.startsWith('/api/beats') ? beatId : story.id;
  return path.replace(':id', String(id)).replace(':slug', story.slug);
}

/** What is wrong with an answer to bad input, if anything. 2xx is fine when the input was acceptable after all. */
function answerProblems(label: string, res: ApiResponse): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
  if (res.status === 204) return problems;
  if (res.headers.get('content-type') !== JSON_CONTENT_TYPE) problems.push(`${label}: content-type ${res.headers.get('content-type')}`);
  if (res.status >= 400) {
    const error = (res.body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
    const keys = error ? Object.keys(error) : [];
    if (typeof error?.code !== 'string' || !/^[a-z]+(_[a-z]+)*$/.test(error.code))
      problems.push(`${label}: no snake_case error code in ${res.text.slice(0, 200)}`);
    if (typeof error?.message !== 'string' || error.message === '')
      problems.push(`${label}: no error message in ${res.text.slice(0, 200)}`);
    if (keys.some((key) => !['code', 'message', 'fields', 'current'].includes(key)))
      problems.push(`${label}: unexpected error keys ${keys.join(', ')}`);
    try {
      expectNoInternals(res.text);
    } catch {
      problems.push(`${label}: leaks internals: ${res.text.slice(0, 300)}`);
    }
  }
  return problems;
}

const WRONG_VALUES: [string, unknown][] = [
  ['an array', ['a', 1]],
  ['an object', { nested: { deeper: true } }],
  ['a number', 42],
  ['a negative number', -1],
  ['a float', 1.5],
  ['a huge number', 1e308],
  ['null', null],
  ['true', true],
  ['an empty string', ''],
  ['a string over every limit', 'x'.repeat(100_000)],
  ['emoji', '🙂'.repeat(300)],
  ['a NUL character', 'a\u0000b'],
  ['right-to-left override', '\u202egnp.exe'],
  ['a lone surrogate', 'x\ud800y'],
  ['an operator object', { $gt: '' }],
  ['SQL', "' OR 1=1; DROP TABLE stories; --"],
  ['a numeric string', '12'],
];

const MALFORMED_BODIES: [string, string][] = [
  ['truncated JSON', '{"title": "Half'],
  ['unquoted keys', '{nope: 1}'],
  ['single quotes', "{'title': 'x'}"],
  ['a trailing comma', '{"title": "x",}'],
  ['two documents', '{"a":1}{"b":2}'],
  ['NaN', '{"views": NaN}'],
  ['plain text', 'hello'],
  ['an empty body', ''],
  ['only whitespace', ' \n\t '],
  ['deep nesting', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
];

const WHOLE_VALUES: [string, unknown][] = [
  ['an array', []],
  ['null', null],
  ['a number', 42],
  ['a string', 'story'],
  ['true', true],
  ['an empty object', {}],
];

const BAD_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '01',
  ' 1',
  '1%20',
  'abc',
  'null',
  'undefined',
  '%00',
  '١',
  '9007199254740993',
  '99999999999999999999',
  'x'.repeat(5000),
  '1;DROP%20TABLE%20stories',
];

beforeAll(async () => {
  admin = await signUp('admin');
  story = await createStory(admin.token, { title: 'Fuzz target', status: 'published' });
  beatId = (await createBeat(deps, { name: 'Fuzzing', description: null })).id;
});

const PARALLEL = 6;
const FUZZ_TIMEOUT = 240_000;

describe.each(ENDPOINTS.filter((e) => e.body))('$method $path with a bad body', (endpoint) => {
  const send = (init: { body?: string; json?: unknown; headers?: Record<string, string> }) =>
    api(concrete(endpoint.path), { method: endpoint.method, token: admin.token, ...init });

  it('answers malformed JSON with 400', async () => {
    const problems = await mapConcurrently(MALFORMED_BODIES, PARALLEL, async ([label, body]) => {
      const res = await send({ body, headers: { 'Content-Type': 'application/json' } });
      const wrongStatus = res.status === 400 ? [] : [`${label}: status ${res.status}`];
      return [...wrongStatus, ...answerProblems(label, res)];
    });
    expect(problems.flat()).toEqual([]);
  });

  it('answers a body that is not an object with 400 validation_failed', async () => {
    const problems = await mapConcurrently(WHOLE_VALUES, PARALLEL, async ([label, json]) => {
      const res = await send({ json });
      const acceptable = label === 'an empty object' && endpoint.method === 'PUT' && endpoint.path.startsWith('/api/beats');
      if (acceptable) return res.status === 200 ? [] : [`${label}: status ${res.status}`];
      const wrongStatus =
        res.status === 400 && (res.body as { error: { code: string } }).error.code === 'validation_failed'
          ? []
          : [`${label}: ${res.status} ${res.text}`];
      return [...wrongStatus, ...answerProblems(label, res)];
    });
    expect(problems.flat()).toEqual([]);
  });

  it('never fails with a 500 whatever type each field has', { timeout: FUZZ_TIMEOUT }, async () => {
    const fields = Object.keys(await endpoint.body!());
    const cases = fields.flatMap((field) => WRONG_VALUES.map(([label, value]) => ({ field, label, value })));
    const problems = await mapConcurrently(cases, PARALLEL, async ({ field, label, value }) => {
      const res = await send({ json: { ...(await endpoint.body!()), [field]: value } });
      return answerProblems(`${field} as ${label}`, res);
    });
    expect(problems.flat()).toEqual([]);
  });

  it('refuses JSON sent without a JSON content type with 415, rather than ignoring it', async () => {
    const valid = JSON.stringify(await endpoint.body!());
    const types = [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp'];
    const problems = await mapConcurrently(types, PARALLEL, async (type) => {
      const res = await send({ body: valid, headers: type ? { 'Content-Type': type } : {} });
      const label = `content-type ${type ?? '(none)'}`;
      const code = (res.body as { error?: { code?: string } }).error?.code;
      const wrongStatus =
        res.status === 415 && code === 'unsupported_media_type' ? [] : [`${label}: ${res.status} ${res.text.slice(0, 200)}`];
      return [...wrongStatus, ...answerProblems(label, res)];
    });
    expect(problems.flat()).toEqual([]);
  });

  it('takes JSON under any JSON content type', async () => {
    const res = await send({
      body: JSON.stringify(await endpoint.body!()),
      headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    });
    expect(res.status, res.text).not.toBe(415);
    expect(answerProblems('charset parameter', res)).toEqual([]);
  });

  it('answers a body over 2 MB with 413', async () => {
    const res = await send({ json: { ...(await endpoint.body!()), description: 'x'.repeat(2 * 1024 * 1024 + 1) } });
    expect(res.status).toBe(413);
    expect(answerProblems('huge body', res)).toEqual([]);
    expect((res.body as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});

describe('bad ids, slugs and queries', () => {
  it.each(ENDPOINTS.filter((e) => e.path.includes(':id')))('$method $path answers a malformed id with 400', async (endpoint) => {
    const problems = await mapConcurrently(BAD_IDS, PARALLEL, async (id) => {
      const res = await api(endpoint.path.replace(':id', id), {
        method: endpoint.method,
        token: admin.token,
        json: endpoint.body ? await endpoint.body() : undefined,
        headers: endpoint.headers,
      });
      const fields = (res.body as { error?: { fields?: Record<string, string> } }).error?.fields;
      const wrong =
        res.status === 400 && fields?.id === 'Must be a positive whole number'
          ? []
          : [`id ${JSON.stringify(id.slice(0, 40))}: ${res.status} ${res.text.slice(0, 200)}`];
      return [...wrong, ...answerProblems(`id ${id.slice(0, 40)}`, res)];
    });
    expect(problems.flat()).toEqual([]);
  });

  it.each(ENDPOINTS.filter((e) => e.path.includes(':id')))('$method $path answers an id nobody has with 404', async (endpoint) => {
    const res = await api(endpoint.path.replace(':id', '9007199254740991'), {
      method: endpoint.method,
      token: admin.token,
      json: endpoint.body ? await endpoint.body() : undefined,
      headers: endpoint.headers,
    });
    expect(res.status, res.text).toBe(404);
    expect(answerProblems('unknown id', res)).toEqual([]);
  });

  it('answers odd slugs with 404', async () => {
    const slugs = [
      'UPPER',
      'with%20space',
      '%2e%2e',
      '..%2f..%2fapi',
      'x'.repeat(10_000),
      encodeURIComponent('日本語'),
      encodeURIComponent("' OR '1'='1"),
      '%00',
    ];
    const problems = await mapConcurrently(slugs, PARALLEL, async (slug) => {
      const res = await api(`/api/stories/slug/${slug}`);
      return [...(res.status === 404 ? [] : [`${slug.slice(0, 40)}: ${res.status}`]), ...answerProblems(slug.slice(0, 40), res)];
    });
    expect(problems.flat()).toEqual([]);
  });

  it('answers bad list queries with 400 and the field at fault', async () => {
    const queries: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=1.5', 'offset'],
      ['status=deleted', 'status'],
      ['status=', 'status'],
      ['authorId=0x10', 'authorId'],
      ['authorId=1e3', 'authorId'],
      ['authorId=-1', 'authorId'],
      ['beatId=abc', 'beatId'],
      ['beatId=99999999999999999999', 'beatId'],
    ];
    const problems = await mapConcurrently(queries, PARALLEL, async ([query, field]) => {
      const res = await api(`/api/stories?${query}`, { token: admin.token });
      const fields = (res.body as { error?: { fields?: Record<string, string> } }).error?.fields ?? {};
      const wrong = res.status === 400 && Object.keys(fields).includes(field) ? [] : [`${query}: ${res.status} ${res.text.slice(0, 200)}`];
      return [...wrong, ...answerProblems(query, res)];
    });
    expect(problems.flat()).toEqual([]);
  });

  it('ignores query parameters it does not know', async () => {
    const res = await api('/api/stories?sort=DROP%20TABLE&__proto__=x&limit=5');
    expect(res.status).toBe(200);
    expect(answerProblems('unknown query', res)).toEqual([]);
  });
});

describe('odd requests', () => {
  it.each([
    ['an unknown API route', 'GET', '/api/nothing-here'],
    ['a route below a known one', 'GET', '/api/stories/1/comments'],
    ['a method a route does not take', 'PATCH', '/api/stories/1'],
    ['another method a route does not take', 'DELETE', '/api/beats'],
  ])('answers %s with 404 JSON', async (_case, method, path) => {
    const res = await api(path, { method, token: admin.token });
    expect(res.status).toBe(404);
    expect(answerProblems(path, res)).toEqual([]);
  });

  it.each([
    ['a token that is too short', 'Bearer abc'],
    ['a token that is far too long', `Bearer ${'a'.repeat(10_000)}`],
    ['a token with odd characters', 'Bearer ../../etc/passwd;DROP TABLE sessions'],
    ['a token nobody issued', `Bearer ${'A'.repeat(43)}`],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty scheme', 'Bearer '],
  ])('treats %s as no sign-in (401 where one is needed)', async (_case, authorization) => {
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/users'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await api(path, { method, headers: { Authorization: authorization } });
      expect(res.status).toBe(401);
      expect(answerProblems(`${path} with ${_case}`, res)).toEqual([]);
    }
    expect((await api('/api/beats', { headers: { Authorization: authorization } })).status).toBe(200);
  });

  it('still has every table after all of the above', async () => {
    expect((await api('/api/stories', { token: admin.token })).status).toBe(200);
    expect((await api('/api/users', { token: admin.token })).status).toBe(200);
    expect((await api('/api/beats')).status).toBe(200);
    expect((await api('/api/auth/me', { token: admin.token })).body.id).toBe(admin.user.id);
  });
});
