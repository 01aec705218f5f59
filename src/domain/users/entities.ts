import type { Beat } from '../beats/entities.ts';
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

/** What an author page shows of a user (docs/product/api.md, "Finding the news"): never the email. */
export interface AuthorProfile {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  bio: string | null;
  xHandle: string | null;
  beats: Beat[];
}
