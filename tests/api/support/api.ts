import { env, exports } from 'cloudflare:workers';
import { buildDeps } from '../../../src/adapters/compose.ts';
import type { Role } from '../../../src/domain/roles.ts';
import type { Story, User } from '../../../src/domain/entities.ts';

/** Real adapters over this test file's isolated D1 and R2. */
export const deps = buildDeps(env);

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Calls the whole worker (routing, middleware, D1, R2) the way a browser or curl would. */
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
  const res = await exports.default.fetch(new Request(`http://newsroom.test${path}`, { method: init.method ?? 'GET', headers, body }));
  const text = await res.text();
  let parsed: unknown = text;
  if (res.headers.get('content-type')?.includes('application/json')) parsed = text === '' ? null : JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

let counter = 0;

/** Creates an account directly through the repository (fast) and signs it in through the API. */
export async function signUp(role: Role, overrides: Partial<{ username: string; email: string; password: string; firstName: string; lastName: string }> = {}) {
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
