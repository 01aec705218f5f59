import {
  APP_WHEN_SIGNED_IN_ATTRIBUTE,
  ISLANDS,
  READING_VIEW_ATTRIBUTE,
  STORY_ID_ATTRIBUTE,
  VIEWS_ATTRIBUTE,
} from '../contract/page-contract.ts';
import { getToken } from './api/client.ts';
import { islands } from '../reader/islands.ts';
import { wakeIslands } from './islands/wake-islands.ts';
import { countStoryView } from '../reader/story/view-count.ts';
import { readerSignedIn } from '../reader/frame/reader-hint.ts';
import './styles.css';

/**
 * The entry every page loads: its stylesheet, and this. A reader's page arrives whole (the worker's
 * reading view: `data-reading-view` on its <main>) and stays the worker's: the parts of it that act
 * (share, Follow, Watch Live, the live player...) wake as islands in place, each when it is needed,
 * and a story's view is counted (decision 045). Nothing under the reader is ever re-rendered.
 * Any other page (sign-in, the staff screens) is the app: React, the router and the query cache,
 * started at once in short tasks (boot/start-app.tsx), inside the worker's frame, whose islands wake
 * as on every page but its staff corner, which the app keeps (decision 120). So is a reading view the
 * signed-in may see differently (a story that answered 404: its author may be previewing the draft).
 */
function startApp(): Promise<void> {
  return import('./boot/react-runtime.ts').then(() => import('./boot/start-app.tsx')).then(({ startApp: start }) => start());
}

const view = document.querySelector<HTMLElement>(`#root [${READING_VIEW_ATTRIBUTE}]`);
const signedIn = getToken() !== null;
if (!view || (signedIn && view.hasAttribute(APP_WHEN_SIGNED_IN_ATTRIBUTE))) {
  void startApp();
  const header = document.querySelector('#root > header');
  if (header) wakeIslands({ ...islands, [ISLANDS.account]: undefined }, { signedIn, reader: readerSignedIn() }, header);
} else {
  const storyId = view.getAttribute(STORY_ID_ATTRIBUTE);
  if (storyId) countStoryView(Number(storyId), view.querySelector(`[${VIEWS_ATTRIBUTE}]`));
  wakeIslands(islands, { signedIn, reader: readerSignedIn() });
}
