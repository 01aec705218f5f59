import { disclosure } from './disclosure.ts';

/** The header's Follow menu on a reader's page: the worker writes the button and its hidden panel. */
export function mount(menu: HTMLElement): void {
  disclosure(menu);
}
