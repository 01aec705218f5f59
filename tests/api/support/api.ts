import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import worker from '../../../src/worker.ts';
import { buildDeps } from '../../../src/adapters/compose.ts';
import type { Role } from '../../../src/domain/roles.ts';
import type { Story } from '../../../src/domain/story/entities.ts';
import type { User } from '../../../src/domain/users/entities.ts';

/** Real adapters over this test file's isolated D1 and R2. */
export const deps = buildDeps(env);

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * Calls the whole worker (its composition root, routing, middleware, D1, R2) the way a browser or
 * curl would. It calls the worker's fetch handler itself rather than going through
 * `exports.default.fetch`: in the pool, each of those gets slower the more have been made in one
 * file (about 20 ms to 1 s per request after a thousand; cloudflare/workers-sdk#15446), which the
 * corpus and fuzz files would not survive. Raw bodies (uploads) still go through the runtime, so the
 * worker reads them as the native streams a real request has (its stream pipes need those).
 */
export async function api<T = any>(
  path: string,
  init: { method?: string; token?: string | null; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const request = new Request(`http://newsroom.test${path}`, { method: init.method ?? 'GET', headers, body });
  let res: Response;
  if (init.body !== undefined) {
    res = await exports.default.fetch(request);
  } else {
    const ctx = createExecutionContext();
    res = await worker.fetch(request, env, ctx);
    await waitOnExecutionContext(ctx);
  }
  const text = await res.text();
  let parsed: unknown = text;
  if (res.headers.get('content-type')?.includes('application/json')) parsed = text === '' ? null : JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

let counter = 0;

/** Creates an account directly through the repository (fast) and signs it in through the API. */
export async function signUp(
  role: Role,
  overrides: Partial<{ username: string; email: string; password: string; firstName: string; lastName: string }> = {},
) {
  counter += 1;
  const username = overrides.username ?? `${role}${counter}`;
  const password = overrides.password ?? `secret-${counter}-pw`;
  const user = await deps.users.create(
    {
      username,
      email: overrides.email ?? `${username}@newsroom.test`,
      passwordHash: await deps.hasher.hash(password),
      role,
      firstName: overrides.firstName ?? null,
      lastName: overrides.lastName ?? null,
    },
    deps.clock.now(),
  );
  const token = await login(username, password);
  return { user, token, password };
}

export async function login(emailOrUsername: string, password: string): Promise<string> {
  const res = await api<{ token: string; user: User }>('/api/auth/login', { method: 'POST', json: { emailOrUsername, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.body.token;
}

export function storyPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Story number ${counter}`,
    description: 'A short description',
    content: '<p>Some reporting.</p>',
    status: 'draft',
    isFeatured: false,
    ...overrides,
  };
}

export async function createStory(token: string, overrides: Record<string, unknown> = {}): Promise<Story> {
  const res = await api<Story>('/api/stories', { method: 'POST', token, json: storyPayload(overrides) });
  if (res.status !== 201) throw new Error(`create story failed: ${res.status} ${res.text}`);
  return res.body;
}

/** The PUT body for a story as it stands now (its current version), with changes on top. */
export function updatePayload(story: Story, overrides: Record<string, unknown> = {}) {
  return {
    title: story.title,
    slug: story.slug,
    description: story.description,
    content: story.content,
    beatId: story.beatId,
    status: story.status,
    isFeatured: story.isFeatured,
    featuredImageUrl: story.featuredImageUrl,
    featuredImageAlt: story.featuredImageAlt,
    featuredImageCaption: story.featuredImageCaption,
    featuredImageCredit: story.featuredImageCredit,
    videoUrl: story.videoUrl,
    version: story.version,
    ...overrides,
  };
}

export async function updateStory(token: string, story: Story, overrides: Record<string, unknown> = {}): Promise<Story> {
  const res = await api<Story>(`/api/stories/${story.id}`, { method: 'PUT', token, json: updatePayload(story, overrides) });
  if (res.status !== 200) throw new Error(`update story failed: ${res.status} ${res.text}`);
  return res.body;
}

/** The story as stored, read back past every permission check. */
export async function storedStory(id: number): Promise<Story | null> {
  return deps.stories.findById(id);
}

/** Deletes (deactivates) a user through the API, as an admin does from the admin screen. */
export async function deleteUser(adminToken: string, id: number): Promise<void> {
  const res = await api(`/api/users/${id}`, { method: 'DELETE', token: adminToken });
  if (res.status !== 204) throw new Error(`delete user failed: ${res.status} ${res.text}`);
}

/** docs/product/api.md: JSON in, JSON out, with this content type. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/**
 * Asserts the error shape of docs/product/api.md: the status, a JSON body {"error": {"code", "message", "fields"?}}
 * with a snake_case code, and nothing that leaks internals (a stack trace or SQL).
 */
export function expectError(res: ApiResponse, status: number, code?: string): ErrorBody['error'] {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toBe(JSON_CONTENT_TYPE);
  const body = res.body as ErrorBody;
  expect(body).toEqual({
    error: expect.objectContaining({ code: expect.stringMatching(/^[a-z]+(_[a-z]+)*$/), message: expect.any(String) }),
  });
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code !== undefined) expect(body.error.code).toBe(code);
  expectNoInternals(res.text);
  return body.error;
}

/** A body that mentions a stack frame, a source file or SQL tells an attacker how the server works. */
export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(
    /\bat .+\(.+:\d+:\d+\)|\.ts:\d+|\.js:\d+|node_modules|SQLITE|D1_ERROR|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|constraint failed|stack/i,
  );
}

/** Runs fn over items with at most `limit` calls in flight: big corpora in reasonable time, in order. */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
