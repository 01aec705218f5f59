import { wireSignInForm } from './sign-in-form.ts';

/**
 * The panel in place of a gated story's rest, for a reader who is not signed in (the worker's
 * markup: seo/story-gate.ts): its sign-in form mails a link that comes back to this story.
 */
export function mount(section: HTMLElement): void {
  const form = section.querySelector<HTMLFormElement>('form.reader-sign-in-form');
  if (form) wireSignInForm(form);
}
