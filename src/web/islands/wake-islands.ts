import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '../../contract/page-contract.ts';
import type { IslandDefinition, IslandProps } from './island.ts';

/** What counts as the reader starting to use an island. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;
/**
 * Controls a click on which is held until their island woke, then carried out: buttons (a submit
 * button would otherwise send its form the plain way, leaving the page, while the island loads)
 * and in-page links.
 */
const HELD_CONTROLS = 'button, a[href^="#"]';

function propsOf(element: HTMLElement): IslandProps {
  const text = element.getAttribute(ISLAND_PROPS_ATTRIBUTE);
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IslandProps) : {};
  } catch {
    return {};
  }
}

async function mount(element: HTMLElement, island: IslandDefinition): Promise<void> {
  try {
    const module = await island.load();
    await module.mount(element, propsOf(element));
  } catch (error) {
    // One island failing (offline, say) leaves the page and the other islands as they are.
    console.error(`The ${element.getAttribute(ISLAND_ATTRIBUTE)} island could not start`, error);
  }
}

function onFirstInteraction(element: HTMLElement, island: IslandDefinition): void {
  let held: HTMLElement | null = null;
  let woken = false;
  const hold = (event: Event) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>(HELD_CONTROLS);
    if (woken || !control || !element.contains(control)) return;
    // Its own action (a form sent, an in-page jump) waits for the island, which carries it out.
    // If the island cannot start, the held click is replayed and the plain action happens then.
    event.preventDefault();
    held = control;
  };
  const wake = () => {
    for (const type of INTERACTIONS) element.removeEventListener(type, wake, true);
    void mount(element, island).then(() => {
      woken = true;
      element.removeEventListener('click', hold, true);
      const control = held;
      held = null;
      control?.click();
    });
  };
  element.addEventListener('click', hold, true);
  for (const type of INTERACTIONS) element.addEventListener(type, wake, { capture: true, passive: true });
}

function whenVisible(element: HTMLElement, island: IslandDefinition): void {
  if (typeof IntersectionObserver === 'undefined') return void mount(element, island);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void mount(element, island);
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(element);
}

/** The islands already given their wake: waking a part of the page twice (the app's preview) wakes nothing twice. */
const seen = new WeakSet<Element>();

/**
 * Brings the islands in `root` (the page, or the part the app put in place: a staff preview) to
 * life (decision 045), each when its definition says: the page itself is never replaced. Unknown
 * island names are left alone (markup written by a newer worker than this script, for one).
 */
export function wakeIslands(
  registry: Readonly<Partial<Record<string, IslandDefinition>>>,
  { signedIn, reader = false }: { signedIn: boolean; reader?: boolean },
  root: ParentNode = document,
): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const island = registry[element.getAttribute(ISLAND_ATTRIBUTE)!];
    if (!island || seen.has(element)) continue;
    seen.add(element);
    if (island.wake === 'now' || (island.wake === 'signed-in' && signedIn) || (island.wake === 'reader' && reader))
      void mount(element, island);
    else if (island.wake === 'visible') whenVisible(element, island);
    else if (island.wake === 'interaction') onFirstInteraction(element, island);
  }
}
