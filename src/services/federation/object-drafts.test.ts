import { describe, expect, it } from 'vitest';
import { fingerprintSource, type FederableStory } from '../../domain/federation/objects.ts';
import { keyEventDraft, storyDraft } from './object-drafts.ts';

const story: FederableStory = {
  id: 12,
  title: 'Levee breach',
  slug: 'levee-breach',
  description: 'Water on Elm Street.',
  content: '<p>It gave way.</p>',
  authorId: 3,
  status: 'published',
  access: 'public',
  publishedAt: '2026-05-01T10:00:00.000Z',
  featuredImageUrl: '/media/uploads/levee.jpg',
  featuredImageAlt: null,
  thumbnailUrl: null,
  beat: { id: 1, name: 'Local News', slug: 'local-news' },
  corrections: [],
};

describe('a story as followers get it', () => {
  it('is an Article by its author with the page, picture and beat as a hashtag', () => {
    expect(storyDraft(story)).toEqual({
      kind: 'story',
      ref: 12,
      storyId: 12,
      account: '3',
      type: 'Article',
      name: 'Levee breach',
      summary: 'Water on Elm Street.',
      content: '<p>It gave way.</p>',
      path: '/story/levee-breach',
      published: '2026-05-01T10:00:00.000Z',
      image: { path: '/media/uploads/levee.jpg', alt: 'Levee breach' },
      hashtags: [{ name: '#LocalNews', path: '/beat/local-news' }],
      inReplyTo: null,
    });
  });

  it('carries its corrections in the content and the summary, escaped', () => {
    const corrected = storyDraft({
      ...story,
      corrections: [{ id: 1, note: 'The levee is <north> of town.', createdAt: '2026-05-02T09:00:00.000Z' }],
    });
    expect(corrected.content).toContain('<p>Correction, 2 May 2026: The levee is &lt;north&gt; of town.</p>');
    expect(corrected.summary).toBe('Water on Elm Street.\n\nCorrection, 2 May 2026: The levee is <north> of town.');
    expect(fingerprintSource(corrected)).not.toBe(fingerprintSource(storyDraft(story)));
  });

  it('gives only the opening and a link when readers see only the opening', () => {
    for (const access of ['members', 'paid'] as const) {
      const gated = storyDraft({
        ...story,
        access,
        content: '<p>It gave way at 3 a.m.</p><hr data-preview-end=""><p>The pumps had failed a week before.</p>',
      });
      expect(gated.content).toBe('<p>It gave way at 3 a.m.</p><p><a href="/story/levee-breach">Read the full story</a></p>');
    }
  });

  it('makes a key event a Note replying to its live blog', () => {
    const note = keyEventDraft(story, { id: 40, body: '<p>The mayor concedes.</p>', createdAt: '2026-05-01T11:00:00.000Z' });
    expect(note).toMatchObject({
      kind: 'update',
      ref: 40,
      storyId: 12,
      type: 'Note',
      path: '/story/levee-breach#update-40',
      inReplyTo: { kind: 'story', ref: 12 },
    });
    expect(note.content).toContain('<p>The mayor concedes.</p>');
  });

  it('fingerprints only what followers see', () => {
    expect(fingerprintSource(storyDraft({ ...story, featuredImageAlt: null }))).toBe(fingerprintSource(storyDraft(story)));
    expect(fingerprintSource(storyDraft({ ...story, title: 'Levee breach, update' }))).not.toBe(fingerprintSource(storyDraft(story)));
  });
});
