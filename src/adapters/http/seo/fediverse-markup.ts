import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLANDS } from '../../../contract/page-contract.ts';
import type { PublicReply } from '../../../domain/federation/moderation.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { island } from './islands.ts';

/**
 * The fediverse on reader pages: "Follow on the fediverse" with the handle to copy (the home page for
 * the newsroom, an author's page for them), and a story's approved replies under it, each with its
 * author's name and a link to where it was written.
 */

/** `whom` is who the handle follows, as the sentence names them ("The Newsroom", "Maya Okafor"). */
export function fediverseFollow(address: string, whom: string): string {
  return `<aside class="fediverse-follow" aria-labelledby="fediverse-follow-heading"><h2 id="fediverse-follow-heading" class="fediverse-follow-title">Follow on the fediverse</h2>
<p>Follow ${esc(whom)} from Mastodon, Threads or any other fediverse app: search for</p>
<p class="fediverse-handle"${island(ISLANDS.fediverseFollow, { handle: address })}><code>${esc(address)}</code> <button type="button" class="button button-small button-secondary">Copy</button></p></aside>`;
}

function replier(reply: PublicReply): string {
  const name = esc(reply.actor.name ?? reply.actor.handle ?? new URL(reply.actor.uri).host);
  const profile = reply.actor.url ?? reply.actor.uri;
  return `<a class="fediverse-reply-author" href="${esc(profile)}" rel="nofollow noopener ugc" target="_blank">${name}</a>${reply.actor.handle ? ` <span class="fediverse-reply-handle">${esc(reply.actor.handle)}</span>` : ''}`;
}

export function fediverseReplies(replies: readonly PublicReply[]): string {
  if (replies.length === 0) return '';
  const items = replies.map(
    (reply) =>
      `<li class="fediverse-reply"><p class="fediverse-reply-meta">${replier(reply)} <a class="fediverse-reply-link" href="${esc(reply.url ?? reply.uri)}" rel="nofollow noopener ugc" target="_blank"><time datetime="${esc(reply.publishedAt)}">${esc(formatFullDate(reply.publishedAt))}</time></a></p>
<div class="fediverse-reply-content">${reply.content}</div></li>`,
  );
  return `<section class="fediverse-replies page" aria-labelledby="fediverse-replies-heading"><h2 id="fediverse-replies-heading" class="section-title">Replies from the fediverse</h2>
<ol class="fediverse-reply-list">${items.join('\n')}</ol></section>`;
}
