import { ISLAND_PART_ATTRIBUTE } from '../contract/island-parts.ts';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from '../contract/page-contract.ts';

/**
 * How a component declares an island (decision 120): spread `island(name, props)` on the element the
 * island acts in, `<div class="menu" {...island(ISLANDS.followMenu)}>`. The name is the registry's
 * (src/reader/islands.ts); the props, serialised as JSON in `data-island-props`, are what the island's
 * `mount(element, props)` is given (type them with the island's own Props type: `island<ShareProps>(...)`).
 */
export function island<P extends object>(name: IslandName, props?: P): Record<string, string> {
  return props ? { [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) } : { [ISLAND_ATTRIBUTE]: name };
}

/** Marks a part of an island its module acts on (`data-part`): the island finds it by this name (src/web/islands/island.ts's `part`). */
export function part(name: string): Record<string, string> {
  return { [ISLAND_PART_ATTRIBUTE]: name };
}
