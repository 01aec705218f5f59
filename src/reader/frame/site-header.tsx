/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { SITE_TABS_ID } from '../../contract/island-parts.ts';
import { ISLANDS, READER_PATHS } from '../../contract/page-contract.ts';
import { site } from '../../domain/site/site.ts';
import { island } from '../island.ts';
import { AlertsMenu } from '../alerts/alerts-menu.tsx';
import { FollowMenu } from './follow-menu.tsx';
import { SearchForm } from './search-form.tsx';

/**
 * docs/product/screens.md's top bar, as every page has it: logo, the Home tab, the search box,
 * Alerts and Follow, and the account corner. Staff's tabs and name are filled in by the account
 * island (account.island.ts), a signed-in reader's by the reader corner's (reader-corner.island.ts).
 */
export function SiteHeader({ onHome = false, query = '' }: { onHome?: boolean; query?: string }) {
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <div class="site-header-inner">
          <a class="logo" href="/">
            <span class="logo-mark" aria-hidden="true">
              N
            </span>
            <span class="logo-text">{site.name}</span>
          </a>
          <nav class="tabs" aria-label="Main">
            <ul id={SITE_TABS_ID}>
              <li>
                <a class="tab" href="/" aria-current={onHome ? 'page' : undefined}>
                  Home
                </a>
              </li>
            </ul>
          </nav>
          <SearchForm query={query} />
          <div class="header-social">
            <AlertsMenu />
            <FollowMenu />
          </div>
          <div class="header-account" {...island(ISLANDS.account)}>
            <span class="header-reader" {...island(ISLANDS.readerCorner)}>
              <a class="button button-small button-ghost" href={READER_PATHS.account}>
                Sign in
              </a>
            </span>
            <a class="button button-small button-primary" href="/login">
              Reporter Login
            </a>
          </div>
        </div>
      </header>
    </>
  );
}
