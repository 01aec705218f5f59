import { describe, expect, it } from 'vitest';
import { canRead, READER_LEVELS, STORY_ACCESS } from './access.ts';
import { splitStory, withoutPreviewMarker } from './preview.ts';
import { contentForEveryone, openingForEveryone, storyForReader } from './reading.ts';

const p = (text: string) => `<p>${text}</p>`;

describe('where a gated story opens', () => {
  it('ends at the editor’s marker, wherever it is', () => {
    const html = `${p('One.')}<h2>Two</h2><hr data-preview-end="">${p('Three.')}${p('Four.')}`;
    expect(splitStory(html)).toEqual({ opening: `${p('One.')}<h2>Two</h2>`, rest: `${p('Three.')}${p('Four.')}` });
  });

  it('ends after the first two paragraphs without a marker, pictures and headings before them included', () => {
    const html = `<h2>Lead</h2><figure><img src="/media/a.png" alt=""><figcaption>A <em>river</em></figcaption></figure>${p('One <strong>bold</strong>.')}${p('Two.')}${p('Three.')}<ul><li>${p('x')}</li></ul>`;
    const { opening, rest } = splitStory(html);
    expect(opening).toBe(
      `<h2>Lead</h2><figure><img src="/media/a.png" alt=""><figcaption>A <em>river</em></figcaption></figure>${p('One <strong>bold</strong>.')}${p('Two.')}`,
    );
    expect(rest).toBe(`${p('Three.')}<ul><li>${p('x')}</li></ul>`);
  });

  it('counts only top-level paragraphs: a quote’s paragraphs are inside one block', () => {
    const html = `<blockquote>${p('q1')}${p('q2')}${p('q3')}</blockquote>${p('One.')}${p('Two.')}${p('Three.')}`;
    expect(splitStory(html).rest).toBe(p('Three.'));
  });

  it('always keeps something back: a story of two paragraphs opens with one, a story of one block with nothing', () => {
    expect(splitStory(`${p('One.')}${p('Two.')}`)).toEqual({ opening: p('One.'), rest: p('Two.') });
    expect(splitStory(p('Only.'))).toEqual({ opening: '', rest: p('Only.') });
  });

  it('takes the first blocks when there are fewer than two paragraphs', () => {
    const html = `<ul><li>a</li></ul><ol><li>b</li></ol><pre><code>c</code></pre>`;
    expect(splitStory(html)).toEqual({ opening: '<ul><li>a</li></ul><ol><li>b</li></ol>', rest: '<pre><code>c</code></pre>' });
  });

  it('takes the marker out of what readers with access get', () => {
    expect(withoutPreviewMarker(`${p('a')}<hr data-preview-end="">${p('b')}<hr>`)).toBe(`${p('a')}${p('b')}<hr>`);
  });

  it('never takes an ordinary rule for the marker', () => {
    const html = `${p('One.')}<hr>${p('Two.')}${p('Three.')}`;
    expect(splitStory(html).rest).toBe(p('Three.'));
  });
});

describe('who reads a story whole', () => {
  it('follows the table: public to all, members to signed-in readers, paid to paid readers', () => {
    const table = Object.fromEntries(STORY_ACCESS.map((access) => [access, READER_LEVELS.filter((level) => canRead(access, level))]));
    expect(table).toEqual({ public: ['anonymous', 'free', 'paid'], members: ['free', 'paid'], paid: ['paid'] });
  });

  const story = {
    access: 'paid' as const,
    content: `${p('Open one.')}${p('Open two.')}<hr data-preview-end="">${p('The hidden sentence.')}`,
    videoUrl: '/media/v.mp4',
    attachments: ['/media/a.pdf'],
  };

  it('cuts the story for a reader without access: the opening only, no video, no attachments', () => {
    expect(storyForReader(story, 'free')).toEqual({
      ...story,
      content: `${p('Open one.')}${p('Open two.')}`,
      videoUrl: null,
      attachments: [],
      gated: true,
    });
  });

  it('gives it whole, without the marker, to a reader with access', () => {
    expect(storyForReader(story, 'paid')).toEqual({
      ...story,
      content: `${p('Open one.')}${p('Open two.')}${p('The hidden sentence.')}`,
      gated: false,
    });
  });

  it('sends everyone the opening of a gated story, and nothing special for a public one', () => {
    expect(openingForEveryone(story)).toBe(`${p('Open one.')}${p('Open two.')}`);
    expect(openingForEveryone({ ...story, access: 'public' })).toBeNull();
  });

  it('mails every subscriber a gated story’s opening and a link to the rest, and a public story whole without the marker', () => {
    const mailed = contentForEveryone({ ...story, id: 4, slug: 'levee' });
    expect(mailed).toBe(
      `${p('Open one.')}${p('Open two.')}<p><em>The rest of this story is for paying members: <a href="/story/levee">read it on the site</a>.</em></p>`,
    );
    expect(contentForEveryone({ ...story, access: 'public', id: 4, slug: 'levee' })).not.toContain('data-preview-end');
  });
});
