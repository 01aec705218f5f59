import { useEffect, useRef } from 'react';
import { ALERTS_PANEL_IDS } from '../../../contract/page-contract.ts';

/**
 * The Alerts button and its panel in the app (the worker's reading view writes the same markup,
 * seo/reading-view.ts alertsMenu): the panel is the Alerts island's (site/alerts/alerts.island.ts),
 * mounted on this markup as on a reader's page, so the two behave as one.
 */
export function AlertsMenu({ beat }: { beat?: { slug: string; name: string } }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gone = false;
    void import('../../../reader/alerts/alerts.island.ts').then(({ mount }) => {
      if (!gone && ref.current) void mount(ref.current, beat ? { beat: beat.slug } : {});
    });
    return () => {
      gone = true;
    };
  }, [beat]);
  const panel = beat ? ALERTS_PANEL_IDS.beat : ALERTS_PANEL_IDS.header;
  return (
    <div className="menu alerts-menu" ref={ref}>
      <button type="button" className="nav-button" aria-expanded="false" aria-controls={panel}>
        {beat ? `Alerts for ${beat.name}` : 'Alerts'}
      </button>
      <div id={panel} className="menu-panel alerts-panel" hidden />
    </div>
  );
}
