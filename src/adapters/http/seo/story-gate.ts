import { escapeHtml as esc } from '../../../contract/escape-html.ts';
import { ISLANDS, LOCKED_PART_CLASS, MEMBER_PATHS } from '../../../contract/page-contract.ts';
import type { ReaderLevel, StoryAccess } from '../../../domain/members/access.ts';
import { splitStory } from '../../../domain/members/preview.ts';
import { SIGN_IN_LINK_MINUTES } from '../../../domain/readers/rules.ts';
import { storyPath } from '../../../domain/site/site.ts';
import type { Story } from '../../../domain/story/entities.ts';
import { readerSignInForm } from './account-pages.ts';
import { island } from './islands.ts';

/**
 * A story page's text (decision 090). A public story: its content. A gated story: its opening, then,
 * for a reader with access, the rest, and for anyone else a panel in its place: sign in by link
 * (which comes back to this story) for an anonymous reader, become a paying member for a free one
 * (/support?next=: Checkout brings them back to this story).
 * `stored` is the story as stored; `read` the same story as this reader may have it (storyForReader).
 */
export function storyBody(stored: Story, read: Story & { gated: boolean }, level: ReaderLevel): string {
  if (stored.access === 'public') return `<div class="article-content">${read.content}</div>`;
  if (!read.gated) {
    const { opening, rest } = splitStory(stored.content);
    return `<div class="article-content">${opening}</div><div class="article-content ${LOCKED_PART_CLASS}">${rest}</div>`;
  }
  return `<div class="article-content">${read.content}</div>${gatePanel(stored, level)}`;
}

function gatePanel(story: Story, level: ReaderLevel): string {
  const forWhom = story.access === 'paid' ? 'paying members' : 'members';
  const heading = `<h2 id="story-gate-heading" class="story-gate-title">The rest of this story is for ${forWhom}</h2>`;
  if (level === 'anonymous') {
    return `<section class="story-gate ${LOCKED_PART_CLASS}" aria-labelledby="story-gate-heading"${island(ISLANDS.storyGate)}>${heading}
<p>${signInText(story.access)} We mail you a link that signs you in and brings you back here: no password. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.</p>
${readerSignInForm('story-gate', storyPath(story))}
<noscript><p class="field-hint">Signing in needs JavaScript in this browser.</p></noscript>
</section>`;
  }
  return `<section class="story-gate ${LOCKED_PART_CLASS}" aria-labelledby="story-gate-heading">${heading}
<p>You are signed in as a free member. Paying members read every story, and their money keeps this newsroom independent.</p>
<p><a class="button button-primary" href="${esc(`${MEMBER_PATHS.support}?next=${encodeURIComponent(storyPath(story))}`)}">Become a paying member</a></p>
</section>`;
}

function signInText(access: StoryAccess): string {
  return access === 'paid'
    ? 'Sign in or join with your email address, then become a paying member to read on.'
    : 'Join free or sign in with your email address to read on.';
}
