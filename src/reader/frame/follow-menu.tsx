/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { FOLLOW_MENU_IDS, ISLANDS } from '../../contract/page-contract.ts';
import { otherChannelLinks, videoChannelLinks, type ExternalLink } from '../../domain/site/site-links.ts';
import { island } from '../island.ts';

function LinkList({ links }: { links: readonly ExternalLink[] }) {
  return (
    <ul class="menu-list">
      {links.map((link) => (
        <li>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
            <span class="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The header's Follow menu, closed; its island (follow-menu.island.ts) opens it. */
export function FollowMenu() {
  return (
    <div class="menu" {...island(ISLANDS.followMenu)}>
      <button type="button" class="nav-button" aria-expanded="false" aria-controls={FOLLOW_MENU_IDS.panel}>
        Follow <span aria-hidden="true" class="chevron"></span>
      </button>
      <div id={FOLLOW_MENU_IDS.panel} class="menu-panel" hidden>
        <p id={FOLLOW_MENU_IDS.videoHeading} class="menu-heading">
          YouTube
        </p>
        <nav aria-labelledby={FOLLOW_MENU_IDS.videoHeading}>
          <LinkList links={videoChannelLinks} />
        </nav>
        <p class="menu-heading">Elsewhere</p>
        <LinkList links={otherChannelLinks} />
      </div>
    </div>
  );
}
