import { SITE_TABS_ID } from '../../contract/island-parts.ts';
import { policy } from '../../domain/permissions.ts';
import type { User } from '../../domain/users/entities.ts';
import { signOut } from '../../web/auth/sign-out.ts';
import { staffPaths } from '../../web/auth/staff-paths.ts';
import { element } from '../../web/islands/element.ts';

/** What the corner said before a staff member showed in it (Sign in, Reporter Login), to say again when they leave. */
const signedOut = new WeakMap<Element, Node[]>();
/** Marks the tabs the corner adds (Dashboard, Admin), to take them away again. */
const STAFF_TAB = 'data-staff-tab';

/**
 * The header's account corner for a signed-in staff member: their username (to their profile) and
 * role with Logout, and the Dashboard and Admin tabs their role allows; `null`: the corner as the
 * worker wrote it. The account island calls it on a reader's page, the app whenever who is signed in
 * changes: the header is the worker's on every page (decision 120), this is its signed-in half.
 */
export function showStaffCorner(corner: HTMLElement, user: User | null): void {
  if (!signedOut.has(corner)) signedOut.set(corner, [...corner.childNodes]);
  const tabs = document.getElementById(SITE_TABS_ID);
  for (const added of tabs?.querySelectorAll(`[${STAFF_TAB}]`) ?? []) added.remove();
  if (!user) return void corner.replaceChildren(...signedOut.get(corner)!);
  const logout = element('button', { type: 'button', class: 'button button-small button-ghost' }, 'Logout');
  logout.addEventListener('click', () => void signOut().then(() => location.assign('/')));
  corner.replaceChildren(
    element(
      'div',
      { class: 'signed-in' },
      element(
        'span',
        { class: 'signed-in-name' },
        element(
          'a',
          { href: staffPaths.profile, class: 'signed-in-username', 'aria-label': `Your profile (${user.username})` },
          user.username,
        ),
        element('span', { class: 'role-badge' }, user.role),
      ),
      logout,
    ),
  );
  const tab = (href: string, label: string) => element('li', { [STAFF_TAB]: '' }, element('a', { class: 'tab', href }, label));
  if (policy.isReporter(user)) tabs?.append(tab(staffPaths.dashboard, 'Dashboard'));
  if (policy.isAdmin(user)) tabs?.append(tab(staffPaths.admin, 'Admin'));
  markCurrentTab(location.pathname);
}

/** Highlights the tab of the page shown (docs/product/screens.md): Home on /, Dashboard and Admin on theirs and below. */
export function markCurrentTab(pathname: string): void {
  for (const link of document.getElementById(SITE_TABS_ID)?.querySelectorAll('a') ?? []) {
    const tab = link.getAttribute('href') ?? '';
    const current = tab === '/' ? pathname === '/' : pathname === tab || pathname.startsWith(`${tab}/`);
    if (current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}
