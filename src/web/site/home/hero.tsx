import { useRouter } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { TAGLINE } from '../../../domain/site/site-links.ts';
import { showLatest, watchLive } from './hero-actions.ts';

/**
 * The home page's hero: headline, tagline, "Watch Live" (opens the stream that is live now, or
 * says nobody is) and "Latest News" (a link down to the latest stories, which the app scrolls to
 * smoothly and focuses). A reader's page has the same buttons as islands (hero-actions.ts).
 */
export function Hero({ latestId }: { latestId: string }) {
  const router = useRouter();
  const [checking, setChecking] = useState(false);

  const onWatchLive = async () => {
    setChecking(true);
    await watchLive((href) => router.navigate({ href }));
    setChecking(false);
  };

  const latestNews = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    showLatest(latestId);
  };

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-inner">
        <p className="hero-kicker">Independent news network</p>
        <h1 id="hero-title" className="hero-title">
          The stories others won’t tell.
        </h1>
        <p className="hero-tagline">{TAGLINE}</p>
        <div className="button-row">
          <button type="button" className="button button-primary button-large" onClick={() => void onWatchLive()} aria-busy={checking}>
            <span className="live-dot" aria-hidden="true" />
            {checking ? 'Checking…' : 'Watch Live'}
          </button>
          <a href={`#${latestId}`} className="button button-inverse button-large" onClick={latestNews}>
            <Icon name="arrowDown" />
            Latest News
          </a>
        </div>
      </div>
    </section>
  );
}
