/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS } from '../../contract/page-contract.ts';
import { island } from '../island.ts';

/** The fediverse-follow island's props: the handle its Copy button copies (@name@host). */
export interface FediverseFollowProps {
  handle: string;
}

/**
 * "Follow on the fediverse" with the handle to copy: the home page's for the newsroom, an author's
 * page's for them. `whom` is who the handle follows, as the sentence names them ("The Newsroom").
 */
export function FediverseFollow({ address, whom }: { address: string; whom: string }) {
  return (
    <aside class="fediverse-follow" aria-labelledby="fediverse-follow-heading">
      <h2 id="fediverse-follow-heading" class="fediverse-follow-title">
        Follow on the fediverse
      </h2>
      <p>Follow {whom} from Mastodon, Threads or any other fediverse app: search for</p>
      <p class="fediverse-handle" {...island<FediverseFollowProps>(ISLANDS.fediverseFollow, { handle: address })}>
        <code>{address}</code>{' '}
        <button type="button" class="button button-small button-secondary">
          Copy
        </button>
      </p>
    </aside>
  );
}
