/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ALERTS_PANEL_IDS, ISLANDS } from '../../contract/page-contract.ts';
import { island } from '../island.ts';

/** The Alerts island's props: on a beat's page, the beat (its slug) it offers as well. */
export interface AlertsProps {
  beat?: string;
}

/**
 * An Alerts button and its empty panel: its island (alerts.island.ts) fills the panel on the first
 * tap (topics, "Turn on alerts", the iPhone guide). On a beat's page, one more for that beat.
 */
export function AlertsMenu({ beat }: { beat?: { slug: string; name: string } }) {
  const panel = beat ? ALERTS_PANEL_IDS.beat : ALERTS_PANEL_IDS.header;
  return (
    <div class="menu alerts-menu" {...island<AlertsProps>(ISLANDS.alerts, beat ? { beat: beat.slug } : undefined)}>
      <button type="button" class="nav-button" aria-expanded="false" aria-controls={panel}>
        {beat ? `Alerts for ${beat.name}` : 'Alerts'}
      </button>
      <div id={panel} class="menu-panel alerts-panel" hidden></div>
    </div>
  );
}
