import { createFileRoute, Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../ui/document-title.ts';
import { NEWSROOM_EMAIL, SITE_NAME, TAGLINE } from '../../domain/site/site-links.ts';

export const Route = createFileRoute('/about')({
  component: About,
});

/** The footer's About links land on the sections of this page. */
function About() {
  useDocumentTitle('About us');
  return (
    <div className="page narrow prose-page">
      <p className="kicker">About {SITE_NAME}</p>
      <h1>{TAGLINE}</h1>
      <section id="mission" aria-labelledby="mission-heading">
        <h2 id="mission-heading">Our Mission</h2>
        <p>
          {SITE_NAME} is an independent news network. We report what happens and why it matters, we name our sources wherever we can, and we
          publish the full story rather than the convenient part of it. No owner, advertiser or party decides what runs here.
        </p>
      </section>
      <section id="team" aria-labelledby="team-heading">
        <h2 id="team-heading">Meet Our Team</h2>
        <p>
          Our reporters cover breaking news, politics, local news and long-form investigations. Every story carries the byline of the
          reporter who wrote it, and many come with video shot on the ground or streamed live as it happened.
        </p>
        <p>
          <Link to="/beta">Read the latest stories from our reporters</Link>.
        </p>
      </section>
      <section id="contact" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact Us</h2>
        <p>
          Tips, corrections and questions go to <a href={`mailto:${NEWSROOM_EMAIL}`}>{NEWSROOM_EMAIL}</a>. We read everything and we protect
          our sources.
        </p>
      </section>
      <section id="careers" aria-labelledby="careers-heading">
        <h2 id="careers-heading">Careers</h2>
        <p>
          We are always looking for reporters, video journalists and editors who care about getting it right. Write to{' '}
          <a href={`mailto:${NEWSROOM_EMAIL}?subject=Careers`}>{NEWSROOM_EMAIL}</a> with a few pieces of your work.
        </p>
      </section>
    </div>
  );
}
