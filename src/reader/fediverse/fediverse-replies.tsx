/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { formatFullDate } from '../../domain/dates.ts';
import type { PublicReply } from '../../domain/federation/moderation.ts';
import { raw } from '../jsx/html.ts';

function Replier({ reply }: { reply: PublicReply }) {
  return (
    <>
      <a class="fediverse-reply-author" href={reply.actor.url ?? reply.actor.uri} rel="nofollow noopener ugc" target="_blank">
        {reply.actor.name ?? reply.actor.handle ?? new URL(reply.actor.uri).host}
      </a>
      {reply.actor.handle ? (
        <>
          {' '}
          <span class="fediverse-reply-handle">{reply.actor.handle}</span>
        </>
      ) : null}
    </>
  );
}

/** A story's replies from the fediverse that staff approved, each with its author's name and a link to where it was written. */
export function FediverseReplies({ replies }: { replies: readonly PublicReply[] }) {
  if (replies.length === 0) return null;
  return (
    <section class="fediverse-replies page" aria-labelledby="fediverse-replies-heading">
      <h2 id="fediverse-replies-heading" class="section-title">
        Replies from the fediverse
      </h2>
      <ol class="fediverse-reply-list">
        {replies.map((reply) => (
          <li class="fediverse-reply">
            <p class="fediverse-reply-meta">
              <Replier reply={reply} />{' '}
              <a class="fediverse-reply-link" href={reply.url ?? reply.uri} rel="nofollow noopener ugc" target="_blank">
                <time datetime={reply.publishedAt}>{formatFullDate(reply.publishedAt)}</time>
              </a>
            </p>
            <div class="fediverse-reply-content">{raw(reply.content)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
