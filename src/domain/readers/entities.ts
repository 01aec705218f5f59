/** Readers (docs/product/api.md, "Readers and newsletters"): people who read and subscribe, never staff. */

export interface Reader {
  id: number;
  /** As stored: lower case (src/domain/mail/address.ts). */
  email: string;
  name: string | null;
  createdAt: string;
  updatedAt: string;
  lastSignedInAt: string | null;
}

/** A sign-in link waiting to be followed: only its token's hash is kept. */
export interface ReaderSignInLink {
  tokenHash: string;
  email: string;
  /** Newsletter slugs the link joins: the active ones asked for, each named in its mail. */
  newsletters: string[];
  /** The SHA-256 of the asking browser's sign-in cookie: the link opened elsewhere says whose account it is first. */
  browserHash: string | null;
  createdAt: string;
  expiresAt: string;
}

/** What a link's page shows before signing in: whose account, what it joins, and whether this browser asked for it. */
export interface SignInLinkPreview {
  email: string;
  newsletters: { slug: string; name: string }[];
  thisBrowser: boolean;
}

/** A session a followed link opens: the cookie holds the token, the store its hash. */
export interface NewReaderSession {
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}
