/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS } from '../../contract/page-contract.ts';
import type { Story } from '../../domain/story/entities.ts';
import { island } from '../island.ts';

/** The share island's props: what the device's share dialog shows, and the story's address. */
export interface ShareProps {
  id: number;
  slug: string;
  title: string;
  description: string;
}

/** A share button (share.island.ts): the device's share dialog, or the link copied. A bare "Share" is named for its story. */
export function ShareButton({ story, label, class: className }: { story: Story; label: string; class: string }) {
  return (
    <button
      type="button"
      class={className}
      aria-label={label === 'Share' ? `Share: ${story.title}` : undefined}
      {...island<ShareProps>(ISLANDS.share, { id: story.id, slug: story.slug, title: story.title, description: story.description })}
    >
      {label}
    </button>
  );
}
