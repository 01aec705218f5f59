/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import type { StoryPreviewRead } from '../../services/reader-pages/story-preview.ts';
import type { FrameContext } from '../frame/page-frame.tsx';
import { RelatedStories, StoryArticle } from './story-page.tsx';

/**
 * The staff's preview of a story (decision 120): its page's article as a reader with access will
 * read it, with its workflow status, and its related stories once published. The app shows it in
 * place of the page (a draft, the page after a save, the review desk) and wakes its islands.
 */
export function StoryPreview({ data, context }: { data: StoryPreviewRead; context: Pick<FrameContext, 'origin' | 'now'> }) {
  return (
    <>
      <StoryArticle data={data} context={context} preview />
      <RelatedStories related={data.related} />
    </>
  );
}
