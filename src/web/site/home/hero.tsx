import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { ACTIONS } from '../../../contract/page-contract.ts';
import { Icon } from '../../ui/icons.tsx';
import { TAGLINE } from '../../../domain/site-links.ts';
import { toast } from '../../ui/toast/toast-store.ts';

/**
 * The home page's hero: headline, tagline, "Watch Live" (opens the stream that is live now, or
 * says nobody is) and "Latest News" (a link down to the latest stories, which the app scrolls to
 * smoothly and focuses).
 */
export function Hero({ latestId }: { latestId: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [checking, setChecking] = useState(false);

  const watchLive = async () => {
    setChecking(true);
    try {
      // Loaded on the click: most readers never press it.
      const { activeStreamsQuery, streamPath } = await import('../live/stream-queries.ts');
      const [stream] = await queryClient.fetchQuery(activeStreamsQuery());
      if (stream) await router.navigate({ href: streamPath(stream) });
      else toast({ title: 'No live stream right now', description: 'Nobody is broadcasting at the moment. The latest stories are below.' });
    } catch {
      toast({ title: 'Could not check for live streams', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };

  const latestNews = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = document.getElementById(latestId);
    target?.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
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
          <button type="button" className="button button-primary button-large" data-action={ACTIONS.watchLive} onClick={() => void watchLive()} aria-busy={checking}>
            <span className="live-dot" aria-hidden="true" />
            {checking ? 'Checking…' : 'Watch Live'}
          </button>
          <a href={`#${latestId}`} className="button button-inverse button-large" data-action={ACTIONS.latestNews} onClick={latestNews}>
            <Icon name="arrowDown" />
            Latest News
          </a>
        </div>
      </div>
    </section>
  );
}
