import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  aboutSections,
  footerBeatLinks,
  otherChannelLinks,
  SITE_NAME,
  TAGLINE,
  videoChannelLinks,
} from '../../../domain/site/site-links.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { beatsQuery } from '../beats/beat-queries.ts';

/** docs/product/screens.md's footer: about text, news and about links, copyright, social links. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  // The News links are the beats that exist (docs/product/screens.md), as the worker writes them.
  const { data: beats = [] } = useQuery(beatsQuery());
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section className="footer-about" aria-labelledby="footer-about-heading">
          <h2 id="footer-about-heading" className="footer-logo">
            {SITE_NAME}
          </h2>
          <p>An independent news network. Our reporters follow the story wherever it leads and publish it in full: {TAGLINE}</p>
        </section>
        <FooterLinks id="footer-news-heading" heading="News">
          {footerBeatLinks(beats).map((link) => (
            <li key={link.href}>
              <HrefLink href={link.href}>{link.label}</HrefLink>
            </li>
          ))}
        </FooterLinks>
        <FooterLinks id="footer-about-links-heading" heading="About">
          {aboutSections.map((section) => (
            <li key={section.hash}>
              <a href={`/about#${section.hash}`}>{section.label}</a>
            </li>
          ))}
        </FooterLinks>
        <FooterLinks id="footer-follow-heading" heading="Follow">
          {[videoChannelLinks[0]!, ...otherChannelLinks].map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label === 'Main Channel' ? 'YouTube' : link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </FooterLinks>
      </div>
      <p className="copyright">
        © {year} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}

/** One column of footer links under its heading. */
function FooterLinks({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {heading}
      </h2>
      <ul>{children}</ul>
    </nav>
  );
}
