import { LIVE_BLOG_ATTRIBUTE, READING_VIEW_ATTRIBUTE, STORY_ID_ATTRIBUTE, VIEWS_CLASS } from '../contract/page-contract.ts';
import { getToken } from './api/client.ts';
import { prefetchAppWhenIdle } from './boot/prefetch-app.ts';
import { appNeededNow, takeOverOnFirstInteraction } from './boot/take-over.ts';
import { countViewBeforeApp } from './site/story-page/view-count.ts';
import './styles.css';

/**
 * The entry every page loads: its stylesheet, and the app. The app's code (React, the router, the
 * query cache: most of what a page downloads) is fetched once this small entry runs, and started
 * in short tasks (boot/start-app.tsx). On a reader's page the worker has already sent the whole
 * page (the reading view): there the app starts only when the reader first interacts with it
 * (boot/take-over.ts), and the story's view is counted without it.
 */
function startApp(): Promise<void> {
  return import('./boot/react-runtime.ts')
    .then(() => import('./boot/start-app.tsx'))
    .then(({ startApp: start }) => start());
}

if (appNeededNow(document, getToken)) {
  void startApp();
} else {
  const story = document.querySelector<HTMLElement>(`[${READING_VIEW_ATTRIBUTE}][${STORY_ID_ATTRIBUTE}]`);
  if (story) countViewBeforeApp(Number(story.getAttribute(STORY_ID_ATTRIBUTE)), story.querySelector(`.${VIEWS_CLASS}`));
  // A live blog's feed lives at once, in the worker's markup (its own small chunk, on live blog pages only).
  const liveBlog = document.querySelector<HTMLElement>(`[${LIVE_BLOG_ATTRIBUTE}]`);
  if (liveBlog) void import('./site/live-blog/live-blog.island.ts').then(({ mount }) => mount(liveBlog));
  takeOverOnFirstInteraction(startApp);
  prefetchAppWhenIdle();
}
