import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { opensInApp } from '../../contract/page-routes.ts';

/**
 * A link by plain path: a real <a href>. To one of the app's screens (the staff screens, whose
 * routes load lazily from other parts of the app) it navigates client-side on a plain click; to a
 * reader page it is an ordinary link, a full load of the worker's cached page (decision 076).
 */
export function HrefLink({ href, onClick, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified || anchor.target || !opensInApp(new URL(href, window.location.href).pathname)) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={handleClick} {...anchor} />;
}
