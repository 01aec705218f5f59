import { part } from '../../web/islands/island.ts';
import { SIGN_IN_FORM_PART } from '../../contract/island-parts.ts';
import { wireSignInForm } from '../account/sign-in-form.ts';

/**
 * The panel in place of a gated story's rest, for a reader who is not signed in (the worker's
 * markup: story-gate.tsx): its sign-in form mails a link that comes back to this story.
 */
export function mount(section: HTMLElement): void {
  const form = part<HTMLFormElement>(section, SIGN_IN_FORM_PART);
  if (form) wireSignInForm(form);
}
