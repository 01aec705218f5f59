/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { NOTICES_LABEL } from '../../contract/island-parts.ts';
import type { Child } from '../jsx/html.ts';
import type { BeatRef } from '../../domain/story/entities.ts';
import { site } from '../../domain/site/site.ts';
import { aboutSections, footerBeatLinks, otherChannelLinks, videoChannelLinks } from '../../domain/site/site-links.ts';

function FooterLinks({ id, heading, children }: { id: string; heading: string; children?: Child }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} class="footer-heading">
        {heading}
      </h2>
      <ul>{children}</ul>
    </nav>
  );
}

/** docs/product/screens.md's footer: about text, the beats' and the about page's links, the channels, the copyright line. */
export function SiteFooter({ year, beats }: { year: number; beats: readonly BeatRef[] }) {
  return (
    <footer class="site-footer">
      <div class="site-footer-inner">
        <section class="footer-about" aria-labelledby="footer-about-heading">
          <h2 id="footer-about-heading" class="footer-logo">
            {site.name}
          </h2>
          <p>An independent news network. Our reporters follow the story wherever it leads and publish it in full: {site.tagline}</p>
        </section>
        <FooterLinks id="footer-news-heading" heading="News">
          {footerBeatLinks(beats).map((link) => (
            <li>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </FooterLinks>
        <FooterLinks id="footer-about-links-heading" heading="About">
          {aboutSections.map((section) => (
            <li>
              <a href={`/about#${section.hash}`}>{section.label}</a>
            </li>
          ))}
        </FooterLinks>
        <FooterLinks id="footer-follow-heading" heading="Follow">
          {[videoChannelLinks[0]!, ...otherChannelLinks].map((link) => (
            <li>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label === 'Main Channel' ? 'YouTube' : link.label}
                <span class="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </FooterLinks>
      </div>
      <p class="copyright">
        © {year} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}

/** The notice region, empty: islands that toast fill it (src/web/islands/notices.ts), and screen readers announce what appears. */
export function Notices() {
  return (
    <section aria-label={NOTICES_LABEL} class="toast-region">
      <ol tabindex="-1" class="toast-list" aria-live="polite"></ol>
    </section>
  );
}
