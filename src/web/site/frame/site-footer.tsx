import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { aboutSections, footerBeatLinks, otherChannelLinks, SITE_NAME, TAGLINE, videoChannelLinks } from '../../../domain/site-links.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { beatsQuery } from '../beats/beat-queries.ts';

/** SPEC.md section 2's footer: about text, news and about links, copyright, social links. */
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
          <p>
            An independent news network. Our reporters follow the story wherever it leads and publish it in full: {TAGLINE}
          </p>
        </section>
        <nav aria-labelledby="footer-news-heading">
          <h2 id="footer-news-heading" className="footer-heading">
            News
          </h2>
          <ul>
            {footerBeatLinks(beats).map((link) => (
              <li key={link.href}>
                <HrefLink href={link.href}>{link.label}</HrefLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-about-links-heading">
          <h2 id="footer-about-links-heading" className="footer-heading">
            About
          </h2>
          <ul>
            {aboutSections.map((section) => (
              <li key={section.hash}>
                <Link to="/about" hash={section.hash}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-follow-heading">
          <h2 id="footer-follow-heading" className="footer-heading">
            Follow
          </h2>
          <ul>
            {[videoChannelLinks[0]!, ...otherChannelLinks].map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label === 'Main Channel' ? 'YouTube' : link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="copyright">
        © {year} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
