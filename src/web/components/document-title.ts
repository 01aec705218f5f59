import { useEffect } from 'react';
import { SITE_NAME } from '../frame/site-links.ts';

/** Sets the tab title while a screen is shown: "Page – The Newsroom", or the site's own title for home. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} – ${SITE_NAME}` : `${SITE_NAME}: Uncensored. Unfiltered. Unapologetic.`;
  }, [title]);
}
