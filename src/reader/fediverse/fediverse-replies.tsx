/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { formatFullDate } from '../../domain/dates.ts';
import type { PublicReply } from '../../domain/federation/moderation.ts';
import { webLinkOrNull } from '../../domain/federation/remote-address.ts';
import { raw, type Child } from '../jsx/html.ts';

/** A link to another server's page, only to an http(s) address (decision 106); else the text alone. */
function RemoteLink({ class: className, href, children }: { class: string; href: string | null; children?: Child }) {
  if (href === null) return <>{children}</>;
  return (
    <a class={className} href={href} rel="nofollow noopener ugc" target="_blank">
      {children}
    </a>
  );
}

function webLinkHost(uri: string): string {
  const link = webLinkOrNull(uri);
  return link ? new URL(link).host : 'someone';
}

function Replier({ reply }: { reply: PublicReply }) {
  return (
    <>
      <RemoteLink class="fediverse-reply-author" href={webLinkOrNull(reply.actor.url) ?? webLinkOrNull(reply.actor.uri)}>
        {reply.actor.name ?? reply.actor.handle ?? webLinkHost(reply.actor.uri)}
      </RemoteLink>
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
              <RemoteLink class="fediverse-reply-link" href={webLinkOrNull(reply.url) ?? webLinkOrNull(reply.uri)}>
                <time datetime={reply.publishedAt}>{formatFullDate(reply.publishedAt)}</time>
              </RemoteLink>
            </p>
            <div class="fediverse-reply-content">{raw(reply.content)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
