import { useId } from 'react';
import { ACTIONS } from '../../../contract/page-contract.ts';
import { useDisclosure } from './disclosure.ts';
import { otherChannelLinks, videoChannelLinks, type ExternalLink } from '../../../domain/site-links.ts';

function LinkList({ links, onPick }: { links: readonly ExternalLink[]; onPick: () => void }) {
  return (
    <ul className="menu-list">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={onPick}>
            {link.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The top bar's "Follow" menu: the video channel (Main Channel, Shorts, Videos) and the other channels. */
export function SocialMenu() {
  const { open, toggle, setOpen, ref } = useDisclosure<HTMLDivElement>();
  const panelId = useId();
  const videoHeadingId = useId();
  const close = () => setOpen(false);
  return (
    <div className="menu" ref={ref}>
      <button type="button" className="nav-button" data-action={ACTIONS.follow} aria-expanded={open} aria-controls={panelId} onClick={toggle}>
        Follow <span aria-hidden="true" className="chevron" />
      </button>
      <div id={panelId} className="menu-panel" hidden={!open}>
        <p id={videoHeadingId} className="menu-heading">
          YouTube
        </p>
        <nav aria-labelledby={videoHeadingId}>
          <LinkList links={videoChannelLinks} onPick={close} />
        </nav>
        <p className="menu-heading">Elsewhere</p>
        <LinkList links={otherChannelLinks} onPick={close} />
      </div>
    </div>
  );
}
