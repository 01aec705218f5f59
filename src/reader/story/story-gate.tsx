/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { ISLANDS, LOCKED_PART_CLASS, MEMBER_PATHS } from '../../contract/page-contract.ts';
import type { ReaderLevel, StoryAccess } from '../../domain/members/access.ts';
import { splitStory } from '../../domain/members/preview.ts';
import { SIGN_IN_LINK_MINUTES } from '../../domain/readers/rules.ts';
import { storyPath } from '../../domain/site/site.ts';
import type { Story } from '../../domain/story/entities.ts';
import { ReaderSignInForm } from '../account/reader-sign-in-form.tsx';
import { island } from '../island.ts';
import { raw } from '../jsx/html.ts';

function signInText(access: StoryAccess): string {
  return access === 'paid'
    ? 'Sign in or join with your email address, then become a paying member to read on.'
    : 'Join free or sign in with your email address to read on.';
}

/** In place of a gated story's rest, for a reader without access: sign in by link (anonymous), or become a paying member (free). */
function GatePanel({ story, level }: { story: Story; level: ReaderLevel }) {
  const heading = (
    <h2 id="story-gate-heading" class="story-gate-title">
      The rest of this story is for {story.access === 'paid' ? 'paying members' : 'members'}
    </h2>
  );
  if (level === 'anonymous')
    return (
      <section class={`story-gate ${LOCKED_PART_CLASS}`} aria-labelledby="story-gate-heading" {...island(ISLANDS.storyGate)}>
        {heading}
        <p>
          {signInText(story.access)} We mail you a link that signs you in and brings you back here: no password. It works once, for{' '}
          {SIGN_IN_LINK_MINUTES} minutes.
        </p>
        <ReaderSignInForm idPrefix="story-gate" next={storyPath(story)} />
        <noscript>
          <p class="field-hint">Signing in needs JavaScript in this browser.</p>
        </noscript>
      </section>
    );
  return (
    <section class={`story-gate ${LOCKED_PART_CLASS}`} aria-labelledby="story-gate-heading">
      {heading}
      <p>You are signed in as a free member. Paying members read every story, and their money keeps this newsroom independent.</p>
      <p>
        <a class="button button-primary" href={`${MEMBER_PATHS.support}?next=${encodeURIComponent(storyPath(story))}`}>
          Become a paying member
        </a>
      </p>
    </section>
  );
}

/**
 * A story page's text (decision 090). A public story: its content. A gated story: its opening, then,
 * for a reader with access, the rest, and for anyone else a panel in its place: sign in by link
 * (which comes back to this story) for an anonymous reader, become a paying member for a free one
 * (/support?next=: Checkout brings them back to this story).
 * `stored` is the story as stored; `read` the same story as this reader may have it (storyForReader).
 */
export function StoryBody({ stored, read, level }: { stored: Story; read: Story & { gated: boolean }; level: ReaderLevel }) {
  if (stored.access === 'public') return <div class="article-content">{raw(read.content)}</div>;
  if (!read.gated) {
    const { opening, rest } = splitStory(stored.content);
    return (
      <>
        <div class="article-content">{raw(opening)}</div>
        <div class={`article-content ${LOCKED_PART_CLASS}`}>{raw(rest)}</div>
      </>
    );
  }
  return (
    <>
      <div class="article-content">{raw(read.content)}</div>
      <GatePanel story={stored} level={level} />
    </>
  );
}
