import { z } from 'zod';

/**
 * Replies from the fediverse wait for staff (docs/product/api-fediverse.md): an admin approves one
 * (it shows under the story with its author's name and a link to it) or hides it, and may block
 * its author's account or their whole server, which refuses them at the inbox from then on.
 */
export const REPLY_STATES = ['pending', 'approved', 'hidden'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];

export interface FediverseReply {
  id: number;
  storyId: number;
  storyTitle: string;
  /** The reply's own address (its id), and its page when it has one. */
  uri: string;
  url: string | null;
  actor: { uri: string; name: string | null; handle: string | null; url: string | null };
  host: string;
  /** Sanitised HTML: paragraphs, line breaks and links. */
  content: string;
  publishedAt: string;
  state: ReplyState;
  receivedAt: string;
}

/** What a story's page shows of an approved reply. */
export type PublicReply = Pick<FediverseReply, 'id' | 'url' | 'uri' | 'actor' | 'content' | 'publishedAt'>;

export const BLOCK_KINDS = ['account', 'server'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export interface FediverseBlock {
  id: number;
  kind: BlockKind;
  /** An account's actor address, or a server's host name. */
  value: string;
  createdAt: string;
}

export const replyListQuerySchema = z.object({
  state: z.enum(REPLY_STATES, { error: 'State must be pending, approved or hidden' }).default('pending'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ReplyListQuery = z.infer<typeof replyListQuerySchema>;

export const replyModerationSchema = z.object({
  state: z.enum(['approved', 'hidden'], { error: 'State must be approved or hidden' }),
});

export const SERVER_MESSAGE = 'Enter a server’s host name, like mastodon.example';
export const ACCOUNT_MESSAGE = 'Enter an account’s address, like https://mastodon.example/users/name';
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(:[0-9]{1,5})?$/;

/** A server as typed ("Mastodon.Example", "https://mastodon.example/@x"): its host, lower case. */
export function serverOf(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  let host = trimmed;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed)) {
    try {
      host = new URL(trimmed).host;
    } catch {
      return null;
    }
  }
  return HOST_NAME.test(host) ? host : null;
}

export const blockSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('server'),
      value: z
        .string({ error: SERVER_MESSAGE })
        .transform((value, ctx) => serverOf(value) ?? (ctx.addIssue({ code: 'custom', message: SERVER_MESSAGE }), z.NEVER)),
    }),
    z.object({
      kind: z.literal('account'),
      value: z
        .string({ error: ACCOUNT_MESSAGE })
        .trim()
        .max(2048, { error: ACCOUNT_MESSAGE })
        .refine((value) => /^https?:\/\/[^\s/]+\/\S*$/i.test(value) && URL.canParse(value), { error: ACCOUNT_MESSAGE }),
    }),
  ],
  { error: 'Kind must be account or server' },
);
export type BlockInput = z.infer<typeof blockSchema>;

/** A reply's text is cut to this many characters of HTML (a Mastodon post is at most 500 characters of text). */
export const REPLY_HTML_MAX = 20_000;
