import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Story } from '../../../domain/story/entities.ts';
import { ShareButton } from './share-button.tsx';

/**
 * The button row of the home page's lead stories (docs/product/screens.md: the featured story and
 * breaking news): Read Full Story, Share, then whatever else the block adds.
 */
export function ReadAndShare({ story, children }: { story: Story; children?: ReactNode }) {
  const slug = story.slug || String(story.id);
  return (
    <div className="button-row">
      <Link to="/story/$slug" params={{ slug }} className="button button-primary">
        Read Full Story
      </Link>
      <ShareButton story={story} />
      {children}
    </div>
  );
}
