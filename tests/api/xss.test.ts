import naughtyStrings from 'big-list-of-naughty-strings';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import {
  JSON_CONTENT_TYPE,
  api,
  expectError,
  mapConcurrently,
  signUp,
  storedStory,
  storyPayload,
  type ApiResponse,
} from './support/api.ts';
import { unsafeMarkup } from './support/html.ts';

/**
 * Story content is HTML sanitised to docs/product/rules.md#story-content before it is stored; every other text field
 * is plain text that travels as JSON; URL fields take only http(s) addresses or paths on this site.
 */

/** Classic vectors, grouped by the trick they use. */
const XSS_VECTORS: Record<string, string[]> = {
  'script elements': [
    '<script>alert(1)</script>',
    '<SCRIPT>alert(1)</SCRIPT>',
    '<script >alert(1)</script >',
    '<script src="https://evil.example/x.js"></script>',
    '<script/xss src="https://evil.example/x.js"></script>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<<script>alert(1)//<</script>',
    '<p>before<script>document.cookie</script>after</p>',
    '<template><script>alert(1)</script></template>',
    '<textarea><script>alert(1)</script></textarea>',
    '<![CDATA[<script>alert(1)</script>]]>',
    '<!--<script>alert(1)</script>--><p>x</p>',
  ],
  'event handlers': [
    '<img src=x onerror=alert(1)>',
    '<img src="x" onerror="alert(1)"/>',
    '<img/src="x"/onerror="alert(1)">',
    '<IMG SRC="x" ONERROR="alert(1)">',
    '<p onclick="alert(1)">click</p>',
    '<a href="https://example.com" onmouseover="alert(1)">hover</a>',
    '<div data-youtube-video="" onmouseover="alert(1)"><iframe src="https://www.youtube.com/embed/abc"></iframe></div>',
    '<body onload=alert(1)>',
    '<input onfocus=alert(1) autofocus>',
    '<details open ontoggle=alert(1)>',
    '<marquee onstart=alert(1)>x</marquee>',
    '<video src="x" onerror="alert(1)"></video>',
    '<video><source src="x" onerror="alert(1)"></video>',
    '<span style="color: red" onpointerenter="alert(1)">x</span>',
    '<svg onload=alert(1)>',
    '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  ],
  'javascript:, data: and vbscript: URLs': [
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="jav&#x0A;ascript:alert(1)">x</a>',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
    '<a href="\u0001javascript:alert(1)">x</a>',
    '<a href="javascript://%0Aalert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="VBScript:msgbox(1)">x</a>',
    '<a href="javascript:alert(1)" target="_blank">x</a>',
    '<IMG SRC=javascript:alert(1)>',
    '<IMG SRC=JaVaScRiPt:alert(1)>',
    '<IMG SRC=" &#14;  javascript:alert(1);">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<img src="vbscript:msgbox(1)">',
    '<video src="javascript:alert(1)"></video>',
    '<video poster="javascript:alert(1)" src="https://example.com/v.mp4"></video>',
    '<video><source src="data:video/mp4;base64,AAAA"></video>',
    '<blockquote cite="javascript:alert(1)">q</blockquote>',
  ],
  'svg and math': [
    '<svg><script>alert(1)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
    '<svg><use href="data:image/svg+xml,<svg id=x onload=alert(1)>#x"/></svg>',
    '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
    '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
    '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
    '<math href="javascript:alert(1)">CLICK</math>',
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<svg><style><img src=x onerror=alert(1)></style></svg>',
  ],
  'frames that are not YouTube embeds': [
    '<iframe src="https://evil.example/"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="https://www.youtube.com/embed/abc" srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="http://www.youtube.com/embed/abc"></iframe>',
    '<iframe src="//www.youtube.com/embed/abc"></iframe>',
    '<iframe src="https://www.youtube.com/watch?v=abc"></iframe>',
    '<iframe src="https://www.youtube.com/channel/abc"></iframe>',
    '<iframe src="https://www.youtube.com/embed/../redirect?q=https://evil.example"></iframe>',
    '<iframe src="https://www.youtube.com/embed/abc%2F..%2F..%2Fredirect"></iframe>',
    '<iframe src="https://www.youtube.com.evil.example/embed/abc"></iframe>',
    '<iframe src="https://evil.example/embed/abc?https://www.youtube.com/embed/abc"></iframe>',
    '<iframe src="https://youtu.be/abc"></iframe>',
    '<frameset><frame src="javascript:alert(1)"></frameset>',
    '<embed src="https://www.youtube.com/embed/abc">',
  ],
  style: [
    '<span style="color: expression(alert(1))">x</span>',
    '<span style="background:url(javascript:alert(1))">x</span>',
    '<span style="background-image: url(\'https://evil.example/track.png\')">x</span>',
    '<span style="color:red;behavior:url(x.htc)">x</span>',
    '<span style="-moz-binding:url(https://evil.example/x.xml#xss)">x</span>',
    '<span style="font-family: x; color: rgb(1,2,3) url(x)">x</span>',
    '<p style="text-align: center; width: expression(alert(1))">x</p>',
    '<style>@import "https://evil.example/x.css";</style><p>x</p>',
    '<style>body{background:url(javascript:alert(1))}</style><p>x</p>',
    '<link rel="stylesheet" href="https://evil.example/x.css"><p>x</p>',
  ],
  'meta, base, object, embed and forms': [
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    '<base href="javascript:alert(1)//">',
    '<object data="javascript:alert(1)"></object>',
    '<object type="text/x-scriptlet" data="https://evil.example/x.sct"></object>',
    '<embed src="javascript:alert(1)">',
    '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<form action="javascript:alert(1)"><input type="submit"></form>',
    '<form><button formaction="javascript:alert(1)">x</button></form>',
    '<isindex action="javascript:alert(1)" type=image>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<a href="https://example.com" target="_blank" rel="opener">x</a>',
  ],
};

const CURATED = Object.entries(XSS_VECTORS).flatMap(([trick, payloads]) => payloads.map((payload) => ({ trick, payload })));
const NAUGHTY: string[] = naughtyStrings;
/** Requests in flight at once when going through the naughty strings (more only queue up behind D1). */
const PARALLEL = 6;
const CORPUS_TIMEOUT = 300_000;

let reporter: { token: string };

beforeAll(async () => {
  reporter = await signUp('reporter');
});

const create = (overrides: Record<string, unknown>) =>
  api<Story>('/api/stories', { method: 'POST', token: reporter.token, json: storyPayload(overrides) });

/**
 * Either the content sanitised to nothing (400 "Content is required"), or the story was stored with
 * safe content. Returns what is wrong, or nothing.
 */
async function contentProblems(res: ApiResponse<Story>): Promise<string[]> {
  if (res.status === 400) {
    const error = expectError(res, 400, 'validation_failed');
    return error.fields?.content === 'Content is required' ? [] : [`unexpected 400: ${res.text}`];
  }
  if (res.status !== 201) return [`status ${res.status}: ${res.text}`];
  const stored = await storedStory(res.body.id);
  if (stored?.content !== res.body.content) return ['the answer and the stored content differ'];
  return unsafeMarkup(stored.content);
}

describe('story content', () => {
  it('recognises unsafe markup when it sees it (the checker itself works)', () => {
    expect(unsafeMarkup('<p>fine <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">link</a></p>')).toEqual(
      [],
    );
    expect(unsafeMarkup('<script>x</script>')).not.toEqual([]);
    expect(unsafeMarkup('<img src="x" onerror="y">')).not.toEqual([]);
    expect(unsafeMarkup('<a href="jav&#x09;ascript:x">x</a>')).not.toEqual([]);
    expect(unsafeMarkup('<iframe src="https://evil.example/embed/x"></iframe>')).not.toEqual([]);
    expect(unsafeMarkup('<span style="background:url(x)">x</span>')).not.toEqual([]);
  });

  it.each(CURATED)('is made safe: $trick: $payload', async ({ payload }) => {
    expect(await contentProblems(await create({ content: payload }))).toEqual([]);
    expect(await contentProblems(await create({ content: `<p>Lead paragraph.</p>${payload}<p>Last paragraph.</p>` }))).toEqual([]);
  });

  it('keeps the harmless part of a mixed payload', async () => {
    const res = await create({
      content: '<p>Keep me</p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(1)" alt="A">',
    });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe('<p>Keep me</p><img src="https://example.com/a.png" alt="A">');
  });

  it('keeps a script’s text out of the page, and shows markup typed as text as text', async () => {
    const res = await create({ content: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script>secret()</script>' });
    expect(res.body.content).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('stores every big-list-of-naughty-strings entry safely', { timeout: CORPUS_TIMEOUT }, async () => {
    const problems = await mapConcurrently(NAUGHTY, PARALLEL, async (content) =>
      (await contentProblems(await create({ content }))).map((problem) => `${JSON.stringify(content)}: ${problem}`),
    );
    expect(problems.flat()).toEqual([]);
  });
});

describe('plain-text fields', () => {
  /**
   * The contract: what was sent comes back as the same text (trimmed), as JSON that a browser will
   * not sniff into HTML, never interpreted. `readBack` also fetches it again with GET.
   */
  async function textProblems(text: string, readBack: boolean): Promise<string[]> {
    const expected = text.trim();
    const res = await create({ title: text.slice(0, 255), description: text });
    if (expected === '') {
      const error = expectError(res, 400, 'validation_failed');
      return error.fields?.description === 'Description is required' ? [] : [`blank text refused oddly: ${res.text}`];
    }
    if (res.status !== 201) return [`status ${res.status}: ${res.text}`];
    const answers = [res];
    if (readBack) answers.push(await api<Story>(`/api/stories/${res.body.id}`, { token: reporter.token }));
    const problems: string[] = [];
    for (const answer of answers) {
      if (answer.headers.get('content-type') !== JSON_CONTENT_TYPE) problems.push(`content-type ${answer.headers.get('content-type')}`);
      if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
      if (answer.body.description !== expected) problems.push(`description came back as ${JSON.stringify(answer.body.description)}`);
      if (answer.body.title !== text.slice(0, 255).trim()) problems.push(`title came back as ${JSON.stringify(answer.body.title)}`);
    }
    return problems;
  }

  it.each(CURATED)('keeps markup in a title or description as text: $trick: $payload', async ({ payload }) => {
    expect(await textProblems(payload, true)).toEqual([]);
  });

  it('round-trips every big-list-of-naughty-strings entry as text', { timeout: CORPUS_TIMEOUT }, async () => {
    const problems = await mapConcurrently(NAUGHTY, PARALLEL, async (naughty) =>
      (await textProblems(naughty, false)).map((problem) => `${JSON.stringify(naughty)}: ${problem}`),
    );
    expect(problems.flat()).toEqual([]);
  });

  it('keeps markup in a beat name and a user’s names as text', async () => {
    const admin = await signUp('admin');
    const beat = await api('/api/beats', {
      method: 'POST',
      token: admin.token,
      json: { name: '<img src=x onerror=alert(1)>', description: '<script>alert(1)</script>' },
    });
    expect(beat.status).toBe(201);
    expect(beat.body).toMatchObject({ name: '<img src=x onerror=alert(1)>', description: '<script>alert(1)</script>' });
    const user = await api('/api/auth/register', {
      method: 'POST',
      token: admin.token,
      json: {
        username: 'plain',
        email: 'plain@newsroom.test',
        password: 'secret-pw',
        firstName: '<b>Bold</b>',
        lastName: '"><svg onload=alert(1)>',
      },
    });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ firstName: '<b>Bold</b>', lastName: '"><svg onload=alert(1)>' });
  });
});

describe('URL fields', () => {
  const REFUSED = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    '&#106;avascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/video.mp4',
    'blob:https://example.com/uuid',
    'about:blank',
    'mailto:someone@example.com',
    '//evil.example/video.mp4',
    '/\\evil.example/video.mp4',
    'video.mp4',
    'https://',
  ];

  it.each(REFUSED.flatMap((url) => ['featuredImageUrl', 'videoUrl'].map((field) => ({ field, url }))))(
    'refuses $field $url',
    async ({ field, url }) => {
      expect(expectError(await create({ [field]: url }), 400, 'validation_failed').fields).toEqual({
        [field]: 'Enter a web address starting with http:// or https://',
      });
    },
  );

  it.each([
    'https://example.com/photo.jpg',
    'http://example.com/clip.mp4',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    '/media/videos/abc.webm',
  ])('accepts %s', async (url) => {
    const res = await create({ featuredImageUrl: url, videoUrl: url });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ featuredImageUrl: url, videoUrl: url });
  });

  it('never stores anything but an http(s) address or a site path from the naughty strings', { timeout: CORPUS_TIMEOUT }, async () => {
    const problems = await mapConcurrently(NAUGHTY, PARALLEL, async (naughty): Promise<string[]> => {
      const res = await create({ videoUrl: naughty, featuredImageUrl: naughty.slice(0, 500) });
      if (res.status === 400) {
        const fields = expectError(res, 400, 'validation_failed').fields ?? {};
        const others = Object.keys(fields).filter((field) => field !== 'videoUrl' && field !== 'featuredImageUrl');
        return others.length > 0 ? [`${JSON.stringify(naughty)}: ${res.text}`] : [];
      }
      if (res.status !== 201) return [`${JSON.stringify(naughty)}: status ${res.status}`];
      return [res.body.videoUrl, res.body.featuredImageUrl]
        .filter((url) => url !== null && !/^(https?:\/\/|\/(?!\/))/i.test(url))
        .map((url) => `${JSON.stringify(naughty)} stored as ${JSON.stringify(url)}`);
    });
    expect(problems.flat()).toEqual([]);
  });
});
