import { ISLAND_PART_ATTRIBUTE } from '../../contract/island-parts.ts';

/**
 * An island (decision 045): a part of a reader's page that acts, brought to life in place, in the
 * worker's own markup. Nothing around it is re-rendered, so the reader's scroll, focus, caret,
 * typed text and pointer are never disturbed by it waking.
 *
 * An island module exports `mount`: it is given its element (the one marked `data-island`) and the
 * element's `data-island-props` (parsed JSON, `{}` when absent). It finds what it acts on inside its
 * element by what the component declared (`part`, attributes, form controls by name), never by a class. A vanilla island adds listeners to
 * the markup it finds; a React island renders into its element with `renderIsland`
 * (react-island.tsx), which is for slots whose markup is the island's own (a player, a feed).
 */
export interface IslandModule {
  mount(element: HTMLElement, props: IslandProps): void | Promise<void>;
}

export type IslandProps = Record<string, unknown>;

/**
 * When an island wakes:
 * - `interaction`: the first time the reader points at, touches, focuses or presses a key in it. A
 *   click on one of its buttons (or in-page links) made before it has woken is carried out once it has.
 * - `now`: as soon as the page runs (a player, a live feed: what the page is for).
 * - `visible`: when it comes within a screen of the viewport.
 * - `signed-in`: at once, only when this browser holds a staff token (the account corner, Edit).
 * - `reader`: at once, only when this browser has a reader signed in (the reader corner).
 */
export type Wake = 'interaction' | 'now' | 'visible' | 'signed-in' | 'reader';

export interface IslandDefinition {
  wake: Wake;
  /** The island's module, as a dynamic import, so a page loads only the islands it wakes. */
  load: () => Promise<IslandModule>;
}

/** A string prop, or `fallback` when it is missing or not a string. */
export function stringProp(props: IslandProps, name: string, fallback = ''): string {
  const value = props[name];
  return typeof value === 'string' ? value : fallback;
}

/** A number prop, or null when it is missing or not a finite number. */
export function numberProp(props: IslandProps, name: string): number | null {
  const value = props[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A part of an island (decision 120): the element inside `root` its component marked `data-part="<name>"`, or null. */
export function part<T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T | null {
  return root.querySelector<T>(`[${ISLAND_PART_ATTRIBUTE}="${name}"]`);
}
