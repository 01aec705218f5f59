import type { Role } from '../roles.ts';

/** Staff accounts: reporters and admins. */

/** What the API says about a user: never a password or its hash. */
export interface User {
  id: number;
  username: string;
  email: string;
  role: Role;
  isActive: boolean;
  firstName: string | null;
  lastName: string | null;
  /** A short plain-text bio for the author page (at most 500 characters), or null. */
  bio: string | null;
  /** Their handle on X with its "@", or null: twitter:creator on their stories' pages. */
  xHandle: string | null;
  createdAt: string;
}
