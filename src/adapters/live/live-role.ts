/**
 * How the worker tells a stream's room who a socket belongs to. Kept apart from the room itself,
 * which imports `cloudflare:workers`, so code that runs outside workerd (the local start-up
 * scripts build the adapters through compose.ts) can name it too.
 */
export type LiveRole = 'publisher' | 'viewer';
export const ROLE_HEADER = 'X-Live-Role';
