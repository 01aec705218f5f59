import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, signUp, storedStory, storyPayload, updatePayload } from './support/api.ts';
import { unsafeMarkup } from './support/html.ts';

/**
 * Everything the editor can write (docs/product/rules.md#story-content) comes back from the server byte for byte.
 * Each fragment is in the exact form Tiptap 3.31.3's getHTML() writes it (checked by loading it into
 * a real editor in Chromium and reading getHTML() back): the browser writes colours as rgb(),
 * styles as "prop: value;", empty attributes as ="" and a non-breaking space as &nbsp;.
 * The YouTube embed and the uploaded video are the project's own editor nodes.
 */
const EDITOR_HTML: [string, string][] = [
  [
    'headings 1 to 6',
    '<h1>Heading one</h1><h2>Heading two</h2><h3>Heading three</h3><h4>Heading four</h4><h5>Heading five</h5><h6>Heading six</h6>',
  ],
  [
    'bold, italic, underline, strike and inline code',
    '<p>Plain <strong>bold</strong> <em>italic</em> <u>underlined</u> <s>struck</s> <code>inline code</code> <strong><em><u>all three</u></em></strong>.</p>',
  ],
  [
    'text alignment',
    '<p style="text-align: left;">Left</p><p style="text-align: center;">Centred</p><p style="text-align: right;">Right</p><p style="text-align: justify;">Justified</p><h2 style="text-align: center;">A centred heading</h2>',
  ],
  ['text colour', '<p><span style="color: rgb(255, 0, 0);">red</span> <span style="color: rgb(149, 141, 241);">picked</span></p>'],
  [
    'every font of the toolbar',
    '<p><span style="font-family: Arial;">arial</span> <span style="font-family: Georgia;">georgia</span> <span style="font-family: &quot;Times New Roman&quot;;">times</span> <span style="font-family: Helvetica;">helvetica</span> <span style="font-family: &quot;Courier New&quot;;">courier</span></p>',
  ],
  ['colour and font together', '<p><span style="color: rgb(0, 128, 0); font-family: &quot;Courier New&quot;;">both</span></p>'],
  ['bullet lists, nested', '<ul><li><p>one</p></li><li><p>two</p><ul><li><p>nested</p></li></ul></li></ul>'],
  ['ordered lists, also starting later', '<ol><li><p>first</p></li><li><p>second</p></li></ol><ol start="3"><li><p>third</p></li></ol>'],
  ['a block quote', '<blockquote><p>A quotation.</p></blockquote>'],
  [
    'code blocks, plain and with a language',
    '<pre><code>plain code\n  indented &lt;tag&gt; &amp; more</code></pre><pre><code class="language-typescript">const answer: number = 42;</code></pre>',
  ],
  ['a horizontal rule', '<p>above</p><hr><p>below</p>'],
  [
    'images with src, alt and title, remote and uploaded',
    '<img src="https://example.com/photo.jpg" alt="A photo" title="Photo title"><img src="/media/images/abc.png" alt="Uploaded">',
  ],
  [
    'links in every allowed scheme, as Tiptap writes them',
    '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">https</a> <a target="_blank" rel="noopener noreferrer nofollow" href="http://example.com/">http</a> <a target="_blank" rel="noopener noreferrer nofollow" href="ftp://files.example.com/a.txt">ftp</a> <a target="_blank" rel="noopener noreferrer nofollow" href="ftps://files.example.com/a.txt">ftps</a> <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:desk@example.com">mail</a> <a target="_blank" rel="noopener noreferrer nofollow" href="tel:+15551234567">tel</a> <a target="_blank" rel="noopener noreferrer nofollow" href="callto:reporter">callto</a> <a target="_blank" rel="noopener noreferrer nofollow" href="sms:+15551234567">sms</a> <a target="_blank" rel="noopener noreferrer nofollow" href="cid:part1@example.com">cid</a> <a target="_blank" rel="noopener noreferrer nofollow" href="xmpp:desk@example.com">xmpp</a></p>',
  ],
  [
    'a YouTube embed',
    '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" start="0" width="640" height="480" allowfullscreen="true"></iframe></div>',
  ],
  [
    'a YouTube embed from youtube.com with a start time',
    '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=42" width="640" height="480" allowfullscreen="true" start="42"></iframe></div>',
  ],
  ['a hard line break', '<p>line one<br>line two</p>'],
  ['an uploaded video', '<video controls="" preload="metadata" src="/media/videos/clip.webm"></video>'],
  [
    'an uploaded video with a poster',
    '<video controls="" preload="metadata" src="https://example.com/clip.mp4" poster="https://example.com/poster.jpg"></video>',
  ],
  [
    'text with characters HTML escapes, other scripts and a non-breaking space',
    '<p>Tom &amp; Jerry &lt;3 "quoted" it\'s café 日本語 🙂&nbsp;end</p>',
  ],
  ['an empty paragraph between blocks', '<p>one</p><p></p><p>two</p>'],
];

const WHOLE_STORY = EDITOR_HTML.map(([, html]) => html).join('');

let reporter: { token: string };

beforeAll(async () => {
  reporter = await signUp('reporter');
});

async function saveAndReadBack(content: string): Promise<string[]> {
  const created = await api<Story>('/api/stories', { method: 'POST', token: reporter.token, json: storyPayload({ content }) });
  expect(created.status, created.text).toBe(201);
  const read = await api<Story>(`/api/stories/${created.body.id}`, { token: reporter.token });
  return [created.body.content, read.body.content, (await storedStory(created.body.id))!.content];
}

describe('editor HTML', () => {
  it.each(EDITOR_HTML)('keeps %s exactly', async (_element, html) => {
    expect(await saveAndReadBack(html)).toEqual([html, html, html]);
  });

  it('keeps a whole story with every element exactly, through create and update', async () => {
    expect(await saveAndReadBack(WHOLE_STORY)).toEqual([WHOLE_STORY, WHOLE_STORY, WHOLE_STORY]);

    const story = await createStory(reporter.token, { content: '<p>first version</p>' });
    const updated = await api<Story>(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(story, { content: WHOLE_STORY }),
    });
    expect(updated.body.content).toBe(WHOLE_STORY);
    // Saving what the editor loaded changes nothing in the content.
    const again = await api<Story>(`/api/stories/${story.id}`, { method: 'PUT', token: reporter.token, json: updatePayload(updated.body) });
    expect(again.body.content).toBe(WHOLE_STORY);
  });

  it('is judged safe by the same checker the XSS tests use', () => {
    expect(unsafeMarkup(WHOLE_STORY)).toEqual([]);
  });
});

describe('HTML from elsewhere (pasted or hand-written)', () => {
  it.each([
    ['XHTML void elements become HTML ones', '<p>a<br/>b<br />c</p><hr/>', '<p>a<br>b<br>c</p><hr>'],
    [
      'bare attributes get an empty value',
      '<div data-youtube-video><iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe></div>',
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/abc" allowfullscreen=""></iframe></div>',
    ],
    [
      'styles are written the editor’s way',
      '<p style="text-align:center"><span style="color:#ff0000;font-family:Georgia">x</span></p>',
      '<p style="text-align: center;"><span style="color: #ff0000; font-family: Georgia;">x</span></p>',
    ],
    [
      'unknown style properties are dropped, known ones kept',
      '<span style="font-weight: bold; color: red; margin: 0">x</span>',
      '<span style="color: red;">x</span>',
    ],
    [
      'the old spellings of bold, italic and strike are kept',
      '<p><b>b</b> <i>i</i> <strike>s</strike> <del>d</del></p>',
      '<p><b>b</b> <i>i</i> <strike>s</strike> <del>d</del></p>',
    ],
    [
      'a link that opens a new tab cannot reach back to the story',
      '<a href="https://example.com" target="_blank" rel="opener">x</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'a link in the same tab is kept as it is',
      '<a href="https://example.com/">same tab</a>',
      '<a href="https://example.com/">same tab</a>',
    ],
    [
      'entities become characters, except those HTML must escape',
      '<p>&eacute;&copy; &#x41; &lt;&gt;&amp; &nbsp;</p>',
      '<p>é© A &lt;&gt;&amp; &nbsp;</p>',
    ],
    [
      'an uploaded video written with source children',
      '<video controls><source src="/media/videos/a.webm" type="video/webm"></video>',
      '<video controls=""><source src="/media/videos/a.webm" type="video/webm"></video>',
    ],
  ])('%s', async (_case, input, stored) => {
    expect(await saveAndReadBack(input)).toEqual([stored, stored, stored]);
  });
});
