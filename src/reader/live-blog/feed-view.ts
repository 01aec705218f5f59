import { LIVE_BLOG, updateId } from '../../contract/live-blog.ts';
import { CoverageStatus, FeedItem, KeyEventItem, keyEventLinks, OlderLink, olderPageHref, PinnedBlock } from './live-blog-markup.tsx';
import type { LiveBlogUpdate } from '../../domain/live-blog/entities.ts';
import { newUpdatesLabel, updateTime, updateView } from '../../domain/live-blog/live-blog.ts';
import { type Coverage } from '../../domain/story/story.ts';
import type { Changes } from './feed-source.ts';
import { keepInPlace, scrolledPast } from './scroll-keeper.ts';

/** An update's text: the one <div> of its <article> (live-blog-markup.tsx's UpdateArticle), in `within` (the article, or its list item). */
export function updateBody(within: Element | null): Element | null {
  return within?.querySelector(':scope > div, :scope > article > div') ?? null;
}

/**
 * The live blog's part of the page, kept in step with what arrives (decision 055): the worker
 * wrote it (live-blog-markup.tsx), and every update that arrives is written with the same
 * components. New updates go on top; edits and deletions change the update in its place; the
 * pinned copy, the key events and the coverage line follow. A reader who has scrolled down stays
 * on what they read (scroll-keeper.ts) and gets a "N new updates" button; everything is announced
 * politely to screen readers.
 */
export class FeedView {
  readonly storyId: number;
  readonly path: string;
  private readonly feed: HTMLOListElement;
  private readonly newButton: HTMLButtonElement;
  private readonly announcer: HTMLElement;
  /** Updates deleted or changed since the page was written, for older pages that arrive stale. */
  private readonly deleted = new Set<number>();
  private readonly latest = new Map<number, LiveBlogUpdate>();
  private unseen: HTMLElement[] = [];

  constructor(
    readonly section: HTMLElement,
    private readonly now: () => string,
  ) {
    this.storyId = Number(section.getAttribute(LIVE_BLOG.root));
    this.path = section.getAttribute(LIVE_BLOG.path) ?? location.pathname;
    this.feed = this.part(LIVE_BLOG.feed) as HTMLOListElement;
    this.newButton = this.part(LIVE_BLOG.newUpdates) as HTMLButtonElement;
    this.announcer = this.part(LIVE_BLOG.announce);
    this.newButton.addEventListener('click', () => this.showNewest());
  }

  get cursor(): string {
    return this.section.getAttribute(LIVE_BLOG.cursor) ?? '0';
  }

  get coverage(): Coverage {
    return this.section.getAttribute(LIVE_BLOG.coverage) === 'ended' ? 'ended' : 'live';
  }

  private part(name: string): HTMLElement {
    return this.section.querySelector<HTMLElement>(`[${name}]`)!;
  }

  /** The page's times in the reader's own time zone (the worker wrote them in UTC). */
  localiseTimes(): void {
    for (const time of this.section.querySelectorAll('time[datetime]'))
      time.textContent = updateTime(time.getAttribute('datetime')!, this.now());
  }

  private view(update: LiveBlogUpdate) {
    return updateView(update, updateTime(update.createdAt, this.now()));
  }

  private fragment(html: string): Element {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content.firstElementChild!;
  }

  private item(id: number): HTMLElement | null {
    return document.getElementById(updateId(id))?.closest('li') ?? null;
  }

  private ids(): number[] {
    return [...this.feed.querySelectorAll('article[id^="update-"]')].map((article) => Number(article.id.slice('update-'.length)));
  }

  oldestId(): number | null {
    return this.ids().at(-1) ?? null;
  }

  has(id: number): boolean {
    return this.item(id) !== null;
  }

  announce(message: string): void {
    // A fresh text node each time, so the same words said twice are heard twice.
    this.announcer.textContent = '';
    requestAnimationFrame(() => (this.announcer.textContent = message));
  }

  /** Puts an update in the feed in id order (newest first); true when it was not there before. */
  private place(update: LiveBlogUpdate): boolean {
    const html = FeedItem({ update: this.view(update), storyPath: this.path }).html;
    const existing = this.item(update.id);
    if (existing) {
      existing.replaceWith(this.fragment(html));
      return false;
    }
    const after = [...this.feed.children].find((li) => Number(li.querySelector('article')?.id.slice('update-'.length)) < update.id);
    const li = this.fragment(html) as HTMLElement;
    this.feed.insertBefore(li, after ?? null);
    return true;
  }

  private setPinned(update: LiveBlogUpdate | null): void {
    this.part(LIVE_BLOG.pinned).innerHTML = PinnedBlock({ pinned: update && this.view(update), storyPath: this.path })?.html ?? '';
  }

  private pinnedId(): number | null {
    const link = this.part(LIVE_BLOG.pinned).querySelector<HTMLAnchorElement>('a[id^="pinned-update-"]');
    const match = /#update-(\d+)$/.exec(link?.getAttribute('href') ?? '');
    return match ? Number(match[1]) : null;
  }

  private setKeyEvent(update: LiveBlogUpdate | null, id: number): void {
    const list = this.part(LIVE_BLOG.keyEvents);
    const anchor = `#${updateId(id)}`;
    for (const link of list.querySelectorAll('a')) if (link.getAttribute('href')?.endsWith(anchor)) link.closest('li')!.remove();
    if (update?.keyEvent) {
      const view = this.view(update);
      const { href } = keyEventLinks([view], this.has(id) ? [view] : [], this.path)[0]!;
      const li = this.fragment(KeyEventItem({ update: view, href }).html);
      const after = [...list.children].find(
        (item) => Number(/#update-(\d+)$/.exec(item.querySelector('a')?.getAttribute('href') ?? '')?.[1]) < id,
      );
      list.insertBefore(li, after ?? null);
    }
    (list.closest('nav') as HTMLElement).hidden = list.children.length === 0;
  }

  private setCoverage(coverage: Coverage): boolean {
    if (coverage === this.coverage) return false;
    this.section.setAttribute(LIVE_BLOG.coverage, coverage);
    this.part(LIVE_BLOG.status).innerHTML = CoverageStatus({ coverage }).html;
    return true;
  }

  /** What the stream or the feed said changed. */
  apply(changes: Changes): void {
    const wasPast = scrolledPast(this.feed);
    const newest = this.ids()[0] ?? 0;
    const oldest = this.oldestId() ?? Number.MAX_SAFE_INTEGER;
    const arrived: HTMLElement[] = [];
    let edited = 0;
    let removed = 0;
    keepInPlace(this.feed, () => {
      for (const id of changes.deleted) {
        this.deleted.add(id);
        this.latest.delete(id);
        if (this.item(id)) removed++;
        this.item(id)?.remove();
        this.setKeyEvent(null, id);
        if (this.pinnedId() === id) this.setPinned(null);
      }
      // Oldest first, so that several new ones end up newest on top.
      for (const update of [...changes.updates].sort((a, b) => a.id - b.id)) {
        if (this.deleted.has(update.id)) continue;
        this.latest.set(update.id, update);
        const known = this.has(update.id);
        if (known || update.id > newest || update.id > oldest) {
          if (this.place(update) && update.id > newest) arrived.push(this.item(update.id)!);
          else if (known) edited++;
        }
        if (update.pinned) this.setPinned(update);
        else if (this.pinnedId() === update.id) this.setPinned(null);
        this.setKeyEvent(update, update.id);
      }
      this.section.querySelector(`[${LIVE_BLOG.empty}]`)?.toggleAttribute('hidden', this.feed.children.length > 0);
    });
    this.section.setAttribute(LIVE_BLOG.cursor, changes.cursor);
    const ended = this.setCoverage(changes.coverage);
    if (arrived.length > 0 && wasPast) {
      this.unseen.push(...arrived);
      this.newButton.textContent = newUpdatesLabel(this.unseen.length);
      this.newButton.hidden = false;
    }
    const said = [
      arrived.length === 1 ? `New update: ${this.headlineOf(arrived[0]!)}` : arrived.length > 1 ? `${arrived.length} new updates` : '',
      edited > 0 ? (edited === 1 ? 'An update was changed.' : `${edited} updates were changed.`) : '',
      removed > 0 ? (removed === 1 ? 'An update was removed.' : `${removed} updates were removed.`) : '',
      ended ? (changes.coverage === 'ended' ? 'Coverage has ended.' : 'Coverage is live again.') : '',
    ].filter(Boolean);
    if (said.length > 0) this.announce(said.join(' '));
  }

  private headlineOf(item: HTMLElement): string {
    return (updateBody(item)?.textContent ?? '').trim().slice(0, 140);
  }

  /** "N new updates": up to the feed's top, focus on the newest. */
  showNewest(): void {
    const first = this.unseen.at(-1) ?? (this.feed.firstElementChild as HTMLElement | null);
    this.unseen = [];
    this.newButton.hidden = true;
    const article = first?.querySelector('article');
    if (!article) return;
    article.setAttribute('tabindex', '-1');
    article.scrollIntoView({ block: 'start' });
    article.focus({ preventScroll: true });
  }

  /** The reader is back at the top of the feed: nothing unseen any more. */
  seenTop(): void {
    if (this.unseen.length === 0) return;
    this.unseen = [];
    this.newButton.hidden = true;
  }

  /** A page of older updates, after the ones shown; `more` says whether older still exist. */
  appendOlder(updates: readonly LiveBlogUpdate[], more: boolean): void {
    const oldest = this.oldestId() ?? Number.MAX_SAFE_INTEGER;
    for (const update of updates) {
      if (update.id >= oldest || this.deleted.has(update.id)) continue;
      const current = this.latest.get(update.id) ?? update;
      this.feed.insertAdjacentHTML('beforeend', FeedItem({ update: this.view(current), storyPath: this.path }).html);
      // A key event of this page now jumps within it.
      for (const link of this.part(LIVE_BLOG.keyEvents).querySelectorAll('a'))
        if (link.getAttribute('href')?.endsWith(`#${updateId(update.id)}`)) link.setAttribute('href', `#${updateId(update.id)}`);
    }
    const link = this.section.querySelector<HTMLAnchorElement>(`[${LIVE_BLOG.older}]`);
    const last = this.oldestId();
    if (!more || last === null) link?.remove();
    else if (link) link.href = olderPageHref(this.path, last);
    else this.feed.insertAdjacentHTML('afterend', OlderLink({ href: olderPageHref(this.path, last) }).html);
  }

  olderLink(): HTMLAnchorElement | null {
    return this.section.querySelector<HTMLAnchorElement>(`[${LIVE_BLOG.older}]`);
  }

  firstItem(): HTMLElement | null {
    return this.feed.firstElementChild as HTMLElement | null;
  }
}
