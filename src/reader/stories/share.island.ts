import { numberProp, stringProp, type IslandProps } from '../../web/islands/island.ts';
import { watchNotices } from '../../web/islands/notices.ts';
import { shareStory } from './share-story.ts';

/** A share button on a reader's page (ShareButton's, in the worker's markup); props: the story's id, slug, title and description. */
export function mount(button: HTMLElement, props: IslandProps): void {
  watchNotices();
  const story = {
    id: numberProp(props, 'id') ?? 0,
    slug: stringProp(props, 'slug'),
    title: stringProp(props, 'title'),
    description: stringProp(props, 'description'),
  };
  button.addEventListener('click', () => void shareStory(story));
}
