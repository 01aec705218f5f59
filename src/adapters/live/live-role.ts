/**
 * How the worker tells a stream's room that a socket is its publisher's (viewers never open one:
 * decision 025). Kept apart from the room itself, which imports `cloudflare:workers`, so code that
 * runs outside workerd (the local start-up scripts build the adapters through compose.ts) can name it too.
 */
export const ROLE_HEADER = 'X-Live-Role';
