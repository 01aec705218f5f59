import { useEffect } from 'react';
import { site } from '../../domain/site/site.ts';

/** Sets the tab title while a screen is shown: "Page – The Newsroom", or the site's own title for home (as the worker writes them). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} – ${site.name}` : `${site.name}: ${site.tagline}`;
  }, [title]);
}
