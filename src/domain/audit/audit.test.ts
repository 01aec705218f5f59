import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditText, publicationChange, storySaveAudit } from './audit.ts';

describe('publicationChange', () => {
  it('names a story reaching readers and leaving them, and nothing else', () => {
    expect(publicationChange(null, 'published')).toBe('story.published');
    expect(publicationChange('draft', 'published')).toBe('story.published');
    expect(publicationChange('scheduled', 'published')).toBe('story.published');
    expect(publicationChange('published', 'archived')).toBe('story.unpublished');
    expect(publicationChange('published', 'draft')).toBe('story.unpublished');
    expect(publicationChange('published', 'published')).toBeNull();
    expect(publicationChange('draft', 'in_review')).toBeNull();
    expect(publicationChange(null, 'draft')).toBeNull();
  });
});

describe('storySaveAudit', () => {
  it('is one entry by the editor about the story, or none', () => {
    expect(storySaveAudit(7, { id: 3, title: 'Vote' }, 'draft', 'published')).toEqual([
      { action: 'story.published', actorId: 7, target: { type: 'story', id: 3, label: 'Vote' } },
    ]);
    expect(storySaveAudit(7, { title: 'New' }, null, 'published')[0]!.target).toEqual({ type: 'story', id: null, label: 'New' });
    expect(storySaveAudit(7, { id: 3, title: 'Vote' }, 'draft', 'draft')).toEqual([]);
  });
});

describe('the vocabulary', () => {
  it('has unique, dotted snake_case actions', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z]+\.[a-z]+(_[a-z]+)*$/);
  });

  it('cuts typed text to 100 characters', () => {
    expect(auditText('short')).toBe('short');
    const long = auditText('x'.repeat(500));
    expect(long).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
  });
});
