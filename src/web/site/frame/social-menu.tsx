import { useEffect, useRef } from 'react';
import { disclosure } from '../../../reader/frame/disclosure.ts';
import { otherChannelLinks, videoChannelLinks, type ExternalLink } from '../../../domain/site/site-links.ts';
import { FOLLOW_MENU_IDS } from '../../../contract/page-contract.ts';

function LinkList({ links }: { links: readonly ExternalLink[] }) {
  return (
    <ul className="menu-list">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top bar's "Follow" menu: the video channel (Main Channel, Shorts, Videos) and the other
 * channels. Opening and closing is disclosure.ts's, on the DOM (React renders it closed and never
 * touches those attributes again), as on a reader's page where the worker writes the same markup.
 */
export function SocialMenu() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => disclosure(ref.current!), []);
  return (
    <div className="menu" ref={ref}>
      <button type="button" className="nav-button" aria-expanded="false" aria-controls={FOLLOW_MENU_IDS.panel}>
        Follow <span aria-hidden="true" className="chevron" />
      </button>
      <div id={FOLLOW_MENU_IDS.panel} className="menu-panel" hidden>
        <p id={FOLLOW_MENU_IDS.videoHeading} className="menu-heading">
          YouTube
        </p>
        <nav aria-labelledby={FOLLOW_MENU_IDS.videoHeading}>
          <LinkList links={videoChannelLinks} />
        </nav>
        <p className="menu-heading">Elsewhere</p>
        <LinkList links={otherChannelLinks} />
      </div>
    </div>
  );
}
