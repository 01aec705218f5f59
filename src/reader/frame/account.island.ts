import { SITE_TABS_ID } from '../../contract/island-parts.ts';
import { policy } from '../../domain/permissions.ts';
import { signedInUser } from '../../web/auth/signed-in-user.ts';
import { signOut } from '../../web/auth/sign-out.ts';
import { staffPaths } from '../../web/auth/staff-paths.ts';
import { element } from '../../web/islands/element.ts';

/**
 * The header's account corner on a reader's page, for a browser with a staff token (SiteHeader's
 * signed-in markup): the username (to the profile) and role with Logout, and the Dashboard and
 * Admin tabs the role allows. A token the server refuses leaves the page as the worker wrote it.
 */
export async function mount(corner: HTMLElement): Promise<void> {
  const user = await signedInUser();
  if (!user) return;
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
  const tabs = document.getElementById(SITE_TABS_ID);
  const tab = (href: string, label: string) => element('li', {}, element('a', { class: 'tab', href }, label));
  if (policy.isReporter(user)) tabs?.append(tab(staffPaths.dashboard, 'Dashboard'));
  if (policy.isAdmin(user)) tabs?.append(tab(staffPaths.admin, 'Admin'));
}
