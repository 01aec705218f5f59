import type { ReactNode } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { ShareButton } from './share-button.tsx';

/**
 * The button row of a lead story in the app (docs/product/screens.md: /beta's breaking news): Read Full Story, Share, then whatever else the block adds.
 */
export function ReadAndShare({ story, children }: { story: Story; children?: ReactNode }) {
  return (
    <div className="button-row">
      <a href={storyPath(story)} className="button button-primary">
        Read Full Story
      </a>
      <ShareButton story={story} />
      {children}
    </div>
  );
}
