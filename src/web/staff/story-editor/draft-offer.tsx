import { relativeTime } from '../../../domain/relative-time.ts';
import type { LocalDraft } from './local-draft.ts';

interface DraftOfferProps {
  draft: LocalDraft;
  /** The story was saved again after this copy was started. */
  outdated: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Unsaved work left on this device by a crash, a closed tab or a reload, offered back. */
export function DraftOffer({ draft, outdated, onRestore, onDiscard }: DraftOfferProps) {
  return (
    <div className="notice notice-info" role="region" aria-labelledby="draft-offer-title">
      <p className="notice-title" id="draft-offer-title">
        Unsaved changes found
      </p>
      <p>
        This device kept changes you made {relativeTime(draft.savedAt, new Date())} that were never saved
        {draft.values.title ? ` (“${draft.values.title}”)` : ''}.
        {outdated
          ? ' The story has been saved since then; if you restore them you will be shown the differences before anything is replaced.'
          : ''}
      </p>
      <div className="notice-actions">
        <button type="button" className="button button-primary button-small" onClick={onRestore}>
          Restore my changes
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </div>
  );
}
