import { useRouterState } from '@tanstack/react-router';
import { HrefLink } from '../../ui/href-link.tsx';
import { staffPaths } from '../../auth/staff-paths.ts';
import { useLogout } from '../../auth/logout.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { SITE_NAME } from '../../../domain/site/site-links.ts';
import { AlertsMenu } from './alerts-menu.tsx';
import { READER_PATHS } from '../../../contract/page-contract.ts';
import { HeaderSearch } from './header-search.tsx';
import { SocialMenu } from './social-menu.tsx';

function isCurrent(pathname: string, tab: string): boolean {
  return tab === '/' ? pathname === '/' : pathname === tab || pathname.startsWith(`${tab}/`);
}

function Tab({ href, label, pathname }: { href: string; label: string; pathname: string }) {
  const current = isCurrent(pathname, href);
  return (
    <li>
      <HrefLink href={href} className="tab" aria-current={current ? 'page' : undefined}>
        {label}
      </HrefLink>
    </li>
  );
}

/** docs/product/screens.md's top bar: logo, tabs by role (the current one highlighted), social menu, who is signed in. */
export function SiteHeader() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { user, isLoading, isReporter, isAdmin } = useAuth();
  const logout = useLogout();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <a href="/" className="logo">
          <span className="logo-mark" aria-hidden="true">
            N
          </span>
          <span className="logo-text">{SITE_NAME}</span>
        </a>
        <nav className="tabs" aria-label="Main">
          <ul>
            <Tab href="/" label="Home" pathname={pathname} />
            {isReporter ? <Tab href={staffPaths.dashboard} label="Dashboard" pathname={pathname} /> : null}
            {isAdmin ? <Tab href={staffPaths.admin} label="Admin" pathname={pathname} /> : null}
          </ul>
        </nav>
        <HeaderSearch />
        <div className="header-social">
          <AlertsMenu />
          <SocialMenu />
        </div>
        <div className="header-account">
          {user ? (
            <div className="signed-in">
              <span className="signed-in-name">
                <HrefLink href={staffPaths.profile} className="signed-in-username" aria-label={`Your profile (${user.username})`}>
                  {user.username}
                </HrefLink>
                <span className="role-badge">{user.role}</span>
              </span>
              <button type="button" className="button button-small button-ghost" onClick={() => void logout()}>
                Logout
              </button>
            </div>
          ) : isLoading ? null : (
            <>
              <span className="header-reader">
                <a className="button button-small button-ghost" href={READER_PATHS.account}>
                  Sign in
                </a>
              </span>
              <HrefLink href={staffPaths.login} className="button button-small button-primary">
                Reporter Login
              </HrefLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
