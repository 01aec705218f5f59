/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { NEWSROOM_EMAIL } from '../../domain/site/site-links.ts';
import { site } from '../../domain/site/site.ts';
import { PageFrame, type FrameContext } from '../frame/page-frame.tsx';
import type { PageHead } from '../frame/page-head.ts';

/** /about: who the newsroom is, how to reach it; the footer's About links land on its sections. */
export function aboutHead(origin: string): PageHead {
  return {
    title: `About us – ${site.name}`,
    description: `${site.name} is an independent news network: our mission, our team, how to reach us, and careers.`,
    canonical: `${origin}/about`,
    openGraph: [],
    twitter: [],
    jsonLd: [],
  };
}

export function AboutPage({ context }: { context: FrameContext }) {
  return (
    <PageFrame context={context}>
      <div class="page narrow prose-page">
        <p class="kicker">About {site.name}</p>
        <h1>{site.tagline}</h1>
        <section id="mission" aria-labelledby="mission-heading">
          <h2 id="mission-heading">Our Mission</h2>
          <p>
            {site.name} is an independent news network. We report what happens and why it matters, we name our sources wherever we can, and
            we publish the full story rather than the convenient part of it. No owner, advertiser or party decides what runs here.
          </p>
        </section>
        <section id="team" aria-labelledby="team-heading">
          <h2 id="team-heading">Meet Our Team</h2>
          <p>
            Our reporters cover breaking news, politics, local news and long-form investigations. Every story carries the byline of the
            reporter who wrote it, and many come with video shot on the ground or streamed live as it happened.
          </p>
          <p>
            <a href="/beta">Read the latest stories from our reporters</a>.
          </p>
        </section>
        <section id="contact" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact Us</h2>
          <p>
            Tips, corrections and questions go to <a href={`mailto:${NEWSROOM_EMAIL}`}>{NEWSROOM_EMAIL}</a>. We read everything and we
            protect our sources.
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
    </PageFrame>
  );
}
