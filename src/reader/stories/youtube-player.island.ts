import { YOUTUBE_PLAYER_ALLOW } from '../../domain/media/youtube-player.ts';
import { stringProp, type IslandProps } from '../../web/islands/island.ts';

/**
 * A YouTube video's facade on a reader's page (StoryVideo's, in the worker's markup): the tap puts
 * the player (youtube-nocookie, autoplay: the tap was the reader's) in its place. Until then no byte
 * of YouTube's reaches the reader (Lighthouse's third-party facade audit). Props: `src`, `title`.
 */
export function mount(button: HTMLElement, props: IslandProps): void {
  button.addEventListener(
    'click',
    () => {
      const player = document.createElement('iframe');
      player.src = stringProp(props, 'src');
      player.title = stringProp(props, 'title');
      player.allow = YOUTUBE_PLAYER_ALLOW;
      player.referrerPolicy = 'strict-origin-when-cross-origin';
      player.allowFullscreen = true;
      button.replaceWith(player);
      player.focus();
    },
    { once: true },
  );
}
