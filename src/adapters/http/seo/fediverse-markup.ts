import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLANDS } from '../../../contract/page-contract.ts';
import type { PublicReply } from '../../../domain/federation/moderation.ts';
import { formatFullDate } from '../../../domain/dates.ts';
import { webLinkOrNull } from '../../../domain/federation/remote-address.ts';
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

/** A link to another server's page, only to an http(s) address (decision 106); else the text alone. */
function remoteLink(className: string, href: string | null, inner: string): string {
  return href === null ? inner : `<a class="${className}" href="${esc(href)}" rel="nofollow noopener ugc" target="_blank">${inner}</a>`;
}

function replier(reply: PublicReply): string {
  const name = esc(reply.actor.name ?? reply.actor.handle ?? webLinkHost(reply.actor.uri));
  const profile = webLinkOrNull(reply.actor.url) ?? webLinkOrNull(reply.actor.uri);
  return `${remoteLink('fediverse-reply-author', profile, name)}${reply.actor.handle ? ` <span class="fediverse-reply-handle">${esc(reply.actor.handle)}</span>` : ''}`;
}

function webLinkHost(uri: string): string {
  const link = webLinkOrNull(uri);
  return link ? new URL(link).host : 'someone';
}

export function fediverseReplies(replies: readonly PublicReply[]): string {
  if (replies.length === 0) return '';
  const items = replies.map(
    (reply) =>
      `<li class="fediverse-reply"><p class="fediverse-reply-meta">${replier(reply)} ${remoteLink('fediverse-reply-link', webLinkOrNull(reply.url) ?? webLinkOrNull(reply.uri), `<time datetime="${esc(reply.publishedAt)}">${esc(formatFullDate(reply.publishedAt))}</time>`)}</p>
<div class="fediverse-reply-content">${reply.content}</div></li>`,
  );
  return `<section class="fediverse-replies page" aria-labelledby="fediverse-replies-heading"><h2 id="fediverse-replies-heading" class="section-title">Replies from the fediverse</h2>
<ol class="fediverse-reply-list">${items.join('\n')}</ol></section>`;
}
