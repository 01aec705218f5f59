import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from '../../../contract/page-contract.ts';

/**
 * The attributes that make an element of the reading view an island (decision 045): its name and,
 * when given, its props as JSON (escaped for the attribute). Starts with a space.
 */
export function island(name: string, props?: Record<string, unknown>): string {
  return ` ${ISLAND_ATTRIBUTE}="${esc(name)}"${props ? ` ${ISLAND_PROPS_ATTRIBUTE}="${esc(JSON.stringify(props))}"` : ''}`;
}
