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
  /** Newsletter slugs the reader asked to join with the link. */
  newsletters: string[];
  createdAt: string;
  expiresAt: string;
}

/** A session a followed link opens: the cookie holds the token, the store its hash. */
export interface NewReaderSession {
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}
