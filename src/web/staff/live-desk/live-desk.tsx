import { useId, useState } from 'react';
import type { Story } from '../../../domain/story/entities.ts';
import type { User } from '../../../domain/users/entities.ts';
import { storyPath } from '../../../domain/site/site.ts';
import { LiveStreamPanel } from '../live-studio/live-stream-panel.tsx';
import { CoverageControls } from './coverage-controls.tsx';
import { DeskUpdate } from './desk-update.tsx';
import { failureText, postUpdate } from './live-desk-api.ts';
import { UpdateComposer } from './update-composer.tsx';
import { useDeskFeed } from './use-desk-feed.ts';
import './live-desk.css';

interface LiveDeskProps {
  story: Story;
  user: User;
  /** The story's author or an admin: coverage and the live video are theirs; any reporter posts. */
  mayEditStory: boolean;
  onStoryChanged?: (story: Story) => void;
}

/**
 * The live desk (docs/product/screens.md, "Live desk"), on a live blog's editor screen: post an
 * update in one action, see every reporter's updates as they come (each desk asks every few
 * seconds), edit and delete your own, end or reopen coverage, and go live with video on the page.
 */
export function LiveDesk({ story, user, mayEditStory, onStoryChanged }: LiveDeskProps) {
  const headingId = useId();
  const feed = useDeskFeed(story.id, story.coverage ?? 'live');
  const [video, setVideo] = useState(false);
  const live = feed.coverage === 'live';

  return (
    <section className="card live-desk" aria-labelledby={headingId}>
      <div className="live-desk-head">
        <h2 className="card-title" id={headingId}>
          Live desk
        </h2>
        <CoverageControls
          storyId={story.id}
          coverage={feed.coverage}
          mayChange={mayEditStory}
          onChanged={(changed) => {
            feed.setCoverage(changed.coverage ?? 'live');
            onStoryChanged?.(changed);
          }}
        />
        <a className="button button-small button-secondary" href={storyPath(story)} target="_blank" rel="noopener noreferrer">
          Open the live page<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>

      {live ? (
        <UpdateComposer
          label="New update"
          submitLabel="Post update"
          onSubmit={async (draft) => {
            try {
              feed.put(await postUpdate(story.id, draft));
              return null;
            } catch (error) {
              return failureText(error, 'The update could not be posted');
            }
          }}
        />
      ) : (
        <p className="notice">
          Coverage has ended: readers see the live blog as finished. {mayEditStory ? 'Reopen coverage to post again.' : ''}
        </p>
      )}

      {mayEditStory && live && story.status === 'published' ? (
        <div className="live-desk-video">
          {video ? (
            <LiveStreamPanel forStory={{ id: story.id, title: story.title }} />
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setVideo(true)}>
              <span className="live-dot" aria-hidden="true" />
              Go live with video on this page
            </button>
          )}
        </div>
      ) : null}

      <h3 className="live-desk-list-title">Updates</h3>
      {feed.loaded && feed.updates.length === 0 ? (
        <p className="muted">No updates yet. The first one you post appears on the live page within seconds.</p>
      ) : null}
      <ol className="desk-updates" aria-live="polite">
        {feed.updates.map((update) => (
          <DeskUpdate key={update.id} storyId={story.id} update={update} user={user} onChanged={feed.put} onDeleted={feed.remove} />
        ))}
      </ol>
      {feed.more ? (
        <button type="button" className="button button-secondary" onClick={() => void feed.loadOlder()}>
          Load older updates
        </button>
      ) : null}
    </section>
  );
}
