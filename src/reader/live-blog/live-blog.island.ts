import { LIVE_BLOG, updateId } from '../../contract/live-blog.ts';
import type { LiveBlogFeed } from '../../domain/live-blog/answers.ts';
import { apiRequest, getToken } from '../../web/api/client.ts';
import { followChanges, type ChangeSource } from './feed-source.ts';
import { FeedView, updateBody } from './feed-view.ts';
import type { LiveBlogProps } from './live-blog-markup.tsx';
import { shareUpdate } from './share-update.ts';

/**
 * The live blog's feed on a reader's page, brought to life in place (docs/product/screens.md,
 * "Live blog"; decision 055; an island in the sense of GUIDE example 12): the worker's markup stays
 * the page, this only changes it as updates arrive (written with the page's own components), and
 * loads older ones as the reader scrolls. Its code loads only on live blog pages. In the staff's
 * preview of a story the public may not see yet (`published: false`) it reads the feed with the
 * staff token instead of the public stream.
 */

/** The live blogs running on this page, by story id: never started twice. */
const running = new Set<number>();

const now = () => new Date().toISOString();

export function mount(section: HTMLElement, props: LiveBlogProps = {}): void {
  const storyId = Number(section.getAttribute(LIVE_BLOG.root));
  if (running.has(storyId)) return;
  running.add(storyId);
  start(section, props.published ?? true);
}

/** Everything the live section does; returns how to stop it. */
function start(section: HTMLElement, published: boolean): () => void {
  const view = new FeedView(section, now);
  view.localiseTimes();
  // Scroll positions are kept by hand (scroll-keeper.ts); the browser's own anchoring would add to it.
  document.documentElement.style.overflowAnchor = 'none';

  let source: ChangeSource | null = followChanges({
    storyId: view.storyId,
    cursor: view.cursor,
    published,
    onChanges: (changes) => view.apply(changes),
    onGone: () => view.announce('This live blog is no longer available.'),
  });

  // Older updates load as the reader nears the end of the feed; the link also works by hand (and without JavaScript).
  let loading: Promise<boolean> | null = null;
  const loadOlder = (): Promise<boolean> => {
    const before = view.oldestId();
    if (!view.olderLink() || before === null) return Promise.resolve(false);
    loading ??= apiRequest<LiveBlogFeed>('GET', `/api/stories/${view.storyId}/updates?before=${before}`, undefined, {
      token: published ? null : getToken(),
    })
      .then((page) => {
        view.appendOlder(page.updates, page.more);
        return page.more;
      })
      .catch(() => false)
      .finally(() => (loading = null));
    return loading;
  };
  const nearEnd = new IntersectionObserver(
    (entries) => entries.some((entry) => entry.isIntersecting) && void loadOlder().then(observeOlder),
    { rootMargin: '600px 0px' },
  );
  const observeOlder = () => {
    nearEnd.disconnect();
    const link = view.olderLink();
    if (link) nearEnd.observe(link);
  };
  observeOlder();

  // Back at the top of the feed: the "N new updates" button has nothing left to show.
  const top = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && view.seenTop());
  const watchTop = () => {
    top.disconnect();
    const first = view.firstItem();
    if (first) top.observe(first);
  };
  watchTop();
  const feedChanged = new MutationObserver(watchTop);
  feedChanged.observe(section.querySelector(`[${LIVE_BLOG.feed}]`)!, { childList: true });

  /** An update not on the page yet (an old key event, a shared link): load older pages until it is, then go to it. */
  const reveal = async (id: number): Promise<void> => {
    while (!view.has(id) && (await loadOlder())) {
      if ((view.oldestId() ?? 0) < id) break;
    }
    const article = document.getElementById(updateId(id));
    if (!article) return;
    history.replaceState(history.state, '', `#${updateId(id)}`);
    article.setAttribute('tabindex', '-1');
    article.scrollIntoView({ block: 'start' });
    article.focus({ preventScroll: true });
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const share = target.closest<HTMLButtonElement>(`[${LIVE_BLOG.share}]`);
    if (share) {
      const id = Number(share.getAttribute(LIVE_BLOG.share));
      const text = updateBody(share.closest('article'))?.textContent?.trim() ?? '';
      return void shareUpdate(share, `${location.origin}${view.path}#${updateId(id)}`, text.slice(0, 200), (message) =>
        view.announce(message),
      );
    }
    const link = target.closest<HTMLAnchorElement>('a[href]');
    if (!link) return;
    if (link.hasAttribute(LIVE_BLOG.older)) {
      event.preventDefault();
      return void loadOlder().then(observeOlder);
    }
    const wanted = /^(?:[^?#]*\?before=\d+)?#update-(\d+)$/.exec(link.getAttribute('href') ?? '');
    if (wanted && !view.has(Number(wanted[1])) && link.getAttribute('href')!.startsWith(view.path)) {
      event.preventDefault();
      void reveal(Number(wanted[1]));
    }
  };
  section.addEventListener('click', onClick);

  // A shared link to an update: on arrival, and when the address's fragment changes later.
  const onHash = () => {
    const wanted = /^#update-(\d+)$/.exec(location.hash);
    if (wanted && !view.has(Number(wanted[1]))) void reveal(Number(wanted[1]));
  };
  onHash();
  window.addEventListener('hashchange', onHash);

  return () => {
    source?.close();
    source = null;
    nearEnd.disconnect();
    top.disconnect();
    feedChanged.disconnect();
    section.removeEventListener('click', onClick);
    window.removeEventListener('hashchange', onHash);
    document.documentElement.style.overflowAnchor = '';
  };
}
