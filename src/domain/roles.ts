export const ROLES = ['reporter', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who is making a request: null when nobody is signed in. */
export type Actor = { id: number; role: Role } | null;
