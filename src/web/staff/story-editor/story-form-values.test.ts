import { describe, expect, it } from 'vitest';
import type { Story } from '../../../domain/story/entities.ts';
import {
  differingFields,
  emptyStoryForm,
  followSlug,
  sameValues,
  settleErrors,
  storyToForm,
  toSavePayload,
  validateStoryForm,
} from './story-form-values.ts';

const filled = { ...emptyStoryForm, title: 'Council votes', description: 'What happened', content: '<p>Text</p>' };

describe('followSlug', () => {
  it('follows the title while the slug is blank', () => {
    expect(followSlug('', 'Council Votes!', '')).toBe('council-votes');
  });

  it('follows the title while the slug is still the generated one', () => {
    expect(followSlug('Council Votes', 'Council Votes Today', 'council-votes')).toBe('council-votes-today');
  });

  it('keeps a slug the reporter typed', () => {
    expect(followSlug('Council Votes', 'Council Votes Today', 'budget-2025')).toBe('budget-2025');
  });
});

describe('validateStoryForm', () => {
  it("uses docs/product's messages for the required fields", () => {
    expect(validateStoryForm(emptyStoryForm, true)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      content: 'Content is required',
    });
  });

  it('treats whitespace-only title and description as missing', () => {
    const errors = validateStoryForm({ ...filled, title: '   ', description: '\n' }, false);
    expect(errors.title).toBe('Title is required');
    expect(errors.description).toBe('Description is required');
  });

  it('accepts a complete story, and refuses a badly formed slug or a javascript: video link', () => {
    expect(validateStoryForm(filled, false)).toEqual({});
    expect(validateStoryForm({ ...filled, slug: 'Not A Slug' }, false).slug).toBe('Use lowercase letters, numbers and hyphens');
    expect(validateStoryForm({ ...filled, videoUrl: 'javascript:alert(1)' }, false).videoUrl).toMatch(/http/);
  });

  it('counts content as missing when the editor says it shows nothing', () => {
    expect(validateStoryForm(filled, true).content).toBe('Content is required');
  });
});

describe('toSavePayload', () => {
  it('builds the docs/product/rules.md#story-content payload: numbers for beats, null for blank links, trimmed text', () => {
    const payload = toSavePayload(
      {
        ...filled,
        title: ' Council votes ',
        beatId: '4',
        featuredImageUrl: ' ',
        featuredImageAlt: ' Crowds outside city hall ',
        featuredImageCredit: ' ',
        videoUrl: 'https://youtu.be/abc',
      },
      7,
    );
    expect(payload).toEqual({
      title: 'Council votes',
      slug: '',
      description: 'What happened',
      content: '<p>Text</p>',
      beatId: 4,
      status: 'draft',
      isFeatured: false,
      featuredImageUrl: null,
      featuredImageAlt: 'Crowds outside city hall',
      featuredImageCaption: null,
      featuredImageCredit: null,
      videoUrl: 'https://youtu.be/abc',
      publishAt: null,
      format: 'article',
      access: 'public',
      authorId: 7,
    });
    expect(toSavePayload(filled, 7).beatId).toBeNull();
    expect(toSavePayload({ ...filled, format: 'liveblog' }, 7).format).toBe('liveblog');
    expect(toSavePayload({ ...filled, access: 'paid' }, 7).access).toBe('paid');
    // A live blog is for everyone, whatever the form held before the format changed.
    expect(toSavePayload({ ...filled, format: 'liveblog', access: 'paid' }, 7).access).toBe('public');
  });

  it('sends the schedule, read in the reporter’s time zone, only for a scheduled story or one going to review', () => {
    const at = '2030-06-01T06:30';
    expect(toSavePayload({ ...filled, status: 'scheduled', publishAt: at }, 7).publishAt).toBe(new Date(2030, 5, 1, 6, 30).toISOString());
    expect(toSavePayload({ ...filled, status: 'in_review', publishAt: at }, 7).publishAt).toBe(new Date(2030, 5, 1, 6, 30).toISOString());
    expect(toSavePayload({ ...filled, status: 'published', publishAt: at }, 7).publishAt).toBeNull();
  });

  it('asks for a future time when the story is scheduled', () => {
    const now = Date.parse('2030-06-01T00:00:00Z');
    expect(validateStoryForm({ ...filled, status: 'scheduled', publishAt: '' }, false, now).publishAt).toBe(
      'Choose when the story should be published',
    );
    expect(validateStoryForm({ ...filled, status: 'scheduled', publishAt: '2020-01-01T06:00' }, false, now).publishAt).toBe(
      'Choose a time in the future',
    );
    expect(validateStoryForm({ ...filled, status: 'scheduled', publishAt: '2031-01-01T06:00' }, false, now).publishAt).toBeUndefined();
  });
});

describe('storyToForm and sameValues', () => {
  it('round-trips a stored story into form values', () => {
    const story = {
      ...{
        title: 'T',
        slug: 't',
        description: 'D',
        content: '<p>C</p>',
        beatId: 3,
        status: 'published',
        isFeatured: true,
        featuredImageUrl: null,
        videoUrl: '/media/v.webm',
        publishAt: null,
      },
      ...{ featuredImageAlt: 'A crowd', featuredImageCaption: null, featuredImageCredit: 'Photograph: A. Reader' },
    } as Story;
    const form = storyToForm(story);
    expect(form).toEqual({
      ...{
        title: 'T',
        slug: 't',
        description: 'D',
        content: '<p>C</p>',
        beatId: '3',
        status: 'published',
        isFeatured: true,
        featuredImageUrl: '',
        videoUrl: '/media/v.webm',
        publishAt: '',
      },
      ...{ featuredImageAlt: 'A crowd', featuredImageCaption: '', featuredImageCredit: 'Photograph: A. Reader' },
    });
    expect(sameValues(form, { ...form })).toBe(true);
    expect(sameValues(form, { ...form, isFeatured: false })).toBe(false);
  });
});

describe('differingFields', () => {
  const stored = {
    title: 'Theirs',
    slug: 's',
    description: 'D',
    content: '<p>raw</p>',
    beatId: null,
    status: 'draft',
    isFeatured: false,
    featuredImageUrl: null,
    videoUrl: null,
  } as Story;

  it('names the fields where the reporter and the stored version disagree', () => {
    const mine = { ...storyToForm(stored), title: 'Mine', status: 'published' as const, content: '<p>mine</p>' };
    expect(differingFields(mine, stored, '<p>raw</p>')).toEqual(['Title', 'Content', 'Status']);
  });

  it('compares content with the rendering it is given, not the raw stored HTML', () => {
    const mine = { ...storyToForm(stored), content: '<p>rendered</p>' };
    expect(differingFields(mine, stored, '<p>rendered</p>')).toEqual([]);
  });
});

describe('settleErrors', () => {
  const empty = { values: emptyStoryForm, contentIsEmpty: true };
  const afterEmptySubmit = validateStoryForm(emptyStoryForm, true);

  it('takes each message away as its field becomes valid, and leaves the others', () => {
    const titled = { values: { ...emptyStoryForm, title: 'Council votes' }, contentIsEmpty: true };
    expect(settleErrors(afterEmptySubmit, empty, titled)).toEqual({
      description: 'Description is required',
      content: 'Content is required',
    });

    const written = { values: { ...titled.values, content: '<p>Text</p>' }, contentIsEmpty: false };
    expect(settleErrors(settleErrors(afterEmptySubmit, empty, titled), titled, written)).toEqual({
      description: 'Description is required',
    });
  });

  it('keeps a message while its field is still invalid, saying what is wrong now', () => {
    const shown = { title: 'Title is required' };
    expect(settleErrors(shown, empty, { values: { ...emptyStoryForm, title: '   ' }, contentIsEmpty: true })).toEqual(shown);
    const badSlug = { values: { ...filled, slug: 'Bad Slug' }, contentIsEmpty: false };
    expect(
      settleErrors({ slug: 'That URL slug is already used by another story' }, { values: filled, contentIsEmpty: false }, badSlug),
    ).toEqual({
      slug: 'Use lowercase letters, numbers and hyphens',
    });
  });

  it("keeps the server's message for a field the change did not touch, and shows nothing new before a submit", () => {
    const before = { values: filled, contentIsEmpty: false };
    const shown = { slug: 'That URL slug is already used by another story' };
    expect(settleErrors(shown, before, { values: { ...filled, description: 'Changed' }, contentIsEmpty: false })).toBe(shown);
    expect(settleErrors({}, before, { values: { ...filled, title: '' }, contentIsEmpty: false })).toEqual({});
  });

  it("clears the publish time's message when the status no longer needs one", () => {
    const scheduled = { values: { ...filled, status: 'scheduled' as const }, contentIsEmpty: false };
    const shown = validateStoryForm(scheduled.values, false);
    expect(shown).toEqual({ publishAt: 'Choose when the story should be published' });
    expect(settleErrors(shown, scheduled, { values: { ...filled, status: 'draft' }, contentIsEmpty: false })).toEqual({});
  });
});
