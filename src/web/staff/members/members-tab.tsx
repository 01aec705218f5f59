import { MemberFigures } from './member-figures.tsx';
import { MembersPanel } from './members-panel.tsx';
import { TiersCard } from './tiers-card.tsx';
import './members.css';

/** The admin's Members tab (decision 094): figures and charts, the members, the paid tiers. */
export function MembersTab() {
  return (
    <div className="members-tab">
      <MemberFigures />
      <MembersPanel />
      <TiersCard />
    </div>
  );
}
