import { beforeAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import type { CaptionTrackAnswer } from '../../src/domain/captions/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, signUp, updatePayload } from './support/api.ts';
import { multipart } from './support/media.ts';
import { compReader } from './support/members.ts';
import { uniqueAddress } from './support/mail.ts';
import { signInReader } from './support/readers.ts';
import { siteApp } from './support/site-app.ts';

/**
 * What readers get of a video's captions (issue 39 item 5, docs/product/api-captions.md, decision
 * 129): `<track>`s and a CC button on the story page's player, the transcript under it (paragraphs
 * that seek the video), the transcript in the page's VideoObject JSON-LD, and search by the words
 * spoken in the video, with a snippet that says so. A gated story's captions follow its text.
 */

const site = siteApp();
const doc = (html: string) => parseDocument(html);
const all = (html: string, test: (el: Element) => boolean) => DomUtils.findAll(test, doc(html).children);
const jsonLd = (html: string) =>
  all(html, (el) => el.name === 'script' && el.attribs.type === 'application/ld+json').map(
    (el) => JSON.parse(DomUtils.textContent(el)) as Record<string, unknown>,
  );
const videoObject = (html: string) => jsonLd(html).find((data) => data['@type'] === 'VideoObject');
const byClass = (html: string, name: string) => all(html, (el) => (el.attribs.class ?? '').split(' ').includes(name));

/** Words spoken only in the videos (never in a story's text), so that a search for them can only be the video's doing. */
const SPOKEN = 'The ferry to Saltmarsh Quay is cancelled tonight.';
const SPOKEN_WORD = 'saltmarsh';
const GATED_WORD = 'brackenwold';

const vtt = (...cues: [number, number, string][]) =>
  `WEBVTT\n\n${cues.map(([start, end, text]) => `00:00:${String(start).padStart(2, '0')}.000 --> 00:00:${String(end).padStart(2, '0')}.000\n${text}`).join('\n\n')}\n`;

async function uploadCaptions(token: string, storyId: number, file: string, fields: Record<string, string> = { lang: 'en' }) {
  const { body, contentType } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: file, filename: 'captions.vtt', contentType: 'text/vtt' },
  ]);
  const res = await api<CaptionTrackAnswer>(`/api/stories/${storyId}/captions`, {
    method: 'POST',
    token,
    body,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const search = async (q: string, extra = '', token?: string) => {
  const res = await api<{ total: number; results: { id: number; snippet: string }[] }>(`/api/search?q=${encodeURIComponent(q)}${extra}`, {
    token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.results;
};

let reporter: Awaited<ReturnType<typeof signUp>>;
let story: Story;
let track: CaptionTrackAnswer;

beforeAll(async () => {
  reporter = await signUp('reporter');
  // A video of the site's own (a file, not YouTube): captions can be timed against it.
  story = await createStory(reporter.token, {
    title: 'Storm closes the harbour',
    description: 'Boats stay in port.',
    content: '<p>The harbour master spoke to us on the quay.</p>',
    videoUrl: '/media/videos/harbour.webm',
    status: 'published',
  });
  track = await uploadCaptions(
    reporter.token,
    story.id,
    vtt([1, 3, 'Good evening from the harbour.'], [3, 5, 'The wind is at sixty knots.'], [9, 12, SPOKEN]),
    { lang: 'en', label: 'English' },
  );
}, 120_000);

describe('the story page of a video with captions', () => {
  it('gives the player a <track> per ready track, a CC button, and the transcript under it', async () => {
    const page = await site(`/story/${story.slug}`);
    expect(page.status).toBe(200);
    const [video] = all(page.text, (el) => el.name === 'video');
    expect(video!.attribs.src).toBe('/media/videos/harbour.webm');
    const tracks = DomUtils.findAll((el) => el.name === 'track', video!.children);
    expect(tracks.map((el) => el.attribs)).toEqual([{ kind: 'captions', srclang: 'en', label: 'English', src: track.url }]);
    // Off by default: no track is `default`, the CC button is not pressed.
    const [button] = byClass(page.text, 'captions-button');
    expect(button!.attribs['aria-pressed']).toBe('false');
    expect(DomUtils.textContent(button!)).toContain('Captions');
    // The island that makes the button and the transcript work holds both.
    const [frame] = all(page.text, (el) => el.attribs['data-island'] === 'video-captions');
    expect(DomUtils.findAll((el) => el.name === 'video', frame!.children)).toHaveLength(1);

    // The transcript: paragraphs at each pause, with their times; a click seeks to data-start.
    // Under the video, inside the island.
    const transcript = frame!.children.find((child) => (child as Element).attribs?.class === 'video-transcript') as Element | undefined;
    expect(DomUtils.textContent(DomUtils.findOne((el) => el.name === 'summary', transcript!.children)!)).toContain('Transcript');
    const paragraphs = DomUtils.findAll((el) => el.attribs['data-start'] !== undefined, transcript!.children);
    expect(paragraphs.map((el) => [el.attribs['data-start'], DomUtils.textContent(el)])).toEqual([
      ['1', '0:01 Good evening from the harbour. The wind is at sixty knots.'],
      ['9', `0:09 ${SPOKEN}`],
    ]);

    // The served track the <track> names is the same words.
    const served = await site(track.url);
    expect(served.status).toBe(200);
    expect(served.text).toContain(SPOKEN);
  });

  it('puts the video in the JSON-LD as a VideoObject carrying the transcript', async () => {
    const page = await site(`/story/${story.slug}`);
    expect(videoObject(page.text)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Storm closes the harbour',
      description: 'Boats stay in port.',
      thumbnailUrl: [expect.stringMatching(/^http:\/\/newsroom\.test\//)],
      uploadDate: story.publishedAt,
      contentUrl: 'http://newsroom.test/media/videos/harbour.webm',
      transcript: `Good evening from the harbour. The wind is at sixty knots.\n\n${SPOKEN}`,
    });
    // The article stays the page's first data block.
    expect(jsonLd(page.text)[0]!['@type']).toBe('NewsArticle');
  });

  it('follows an edit of the captions, and has none once the track is deleted', async () => {
    const other = await createStory(reporter.token, { videoUrl: '/media/videos/other.webm', status: 'published' });
    const made = await uploadCaptions(reporter.token, other.id, vtt([0, 2, 'First words.']));
    const full = await api<CaptionTrackAnswer>(`/api/stories/${other.id}/captions/${made.id}`, { token: reporter.token });
    const saved = await api(`/api/stories/${other.id}/captions/${made.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: { cues: [{ start: 0, end: 2, text: 'Corrected words.' }], version: full.body.version },
    });
    expect(saved.status, saved.text).toBe(200);
    let page = await site(`/story/${other.slug}`);
    expect(DomUtils.textContent(byClass(page.text, 'video-transcript')[0]!)).toContain('Corrected words.');
    expect(videoObject(page.text)!.transcript).toBe('Corrected words.');

    expect((await api(`/api/stories/${other.id}/captions/${made.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    page = await site(`/story/${other.slug}`);
    expect(all(page.text, (el) => el.name === 'track')).toEqual([]);
    expect(byClass(page.text, 'video-transcript')).toEqual([]);
    expect(byClass(page.text, 'captions-button')).toEqual([]);
    // Still a video: its VideoObject, without a transcript.
    expect(videoObject(page.text)).toMatchObject({ '@type': 'VideoObject', contentUrl: 'http://newsroom.test/media/videos/other.webm' });
    expect(videoObject(page.text)).not.toHaveProperty('transcript');
  });
});

describe('search by the words spoken in a video', () => {
  it('finds the story by a word only its video says, and the snippet says it is from the video', async () => {
    const results = await search(SPOKEN_WORD);
    expect(results.map((result) => result.id)).toEqual([story.id]);
    expect(results[0]!.snippet).toMatch(/^In the video: /);
    expect(results[0]!.snippet).toContain('<mark>Saltmarsh</mark>');
    // A match in the text is not said to be the video's.
    const inText = await search('quay harbour master');
    expect(inText.map((result) => result.id)).toContain(story.id);
    expect(inText.find((result) => result.id === story.id)!.snippet).not.toMatch(/^In the video/);

    // The reader's search page shows the same.
    const page = await site(`/search?q=${SPOKEN_WORD}`);
    const [snippet] = byClass(page.text, 'search-result-snippet');
    expect(DomUtils.textContent(snippet!)).toMatch(/^In the video: .*Saltmarsh Quay/);
  });

  it('keeps up with the captions: an edit, a new track, a deleted one', async () => {
    const other = await createStory(reporter.token, { videoUrl: '/media/videos/search.webm', status: 'published' });
    const made = await uploadCaptions(reporter.token, other.id, vtt([0, 2, 'The gannets are nesting early.']));
    expect((await search('gannets')).map((result) => result.id)).toEqual([other.id]);
    const edited = await api(`/api/stories/${other.id}/captions/${made.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: { cues: [{ start: 0, end: 2, text: 'The puffins are nesting early.' }], version: made.version },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await search('gannets')).toEqual([]);
    expect((await search('puffins')).map((result) => result.id)).toEqual([other.id]);
    const french = await uploadCaptions(reporter.token, other.id, vtt([0, 2, 'Les macareux nichent tôt.']), { lang: 'fr' });
    expect((await search('macareux')).map((result) => result.id)).toEqual([other.id]);
    expect((await api(`/api/stories/${other.id}/captions/${made.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    expect(await search('puffins')).toEqual([]);
    expect((await search('macareux')).map((result) => result.id)).toEqual([other.id]);
    expect((await api(`/api/stories/${other.id}/captions/${french.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    expect(await search('macareux')).toEqual([]);
  });
});

describe('a gated story’s captions follow its text', () => {
  let gated: Story;
  let paidCookie: string;
  let freeCookie: string;

  beforeAll(async () => {
    gated = await createStory(reporter.token, {
      title: 'Inside the harbour board',
      description: 'What the minutes say.',
      content: '<p>The board met in private.</p><hr data-preview-end=""><p>The rest.</p>',
      videoUrl: '/media/videos/board.webm',
      access: 'paid',
      status: 'published',
    });
    await uploadCaptions(reporter.token, gated.id, vtt([0, 3, `The ${GATED_WORD} contract was signed in March.`]));
    freeCookie = (await signInReader(uniqueAddress('captions-free'))).cookie;
    const paid = await signInReader(uniqueAddress('captions-paid'));
    await compReader((paid.reader as { id: number }).id);
    paidCookie = paid.cookie;
  }, 120_000);

  it('gives a reader without access no track, transcript or transcript in JSON-LD, and no search hit', async () => {
    for (const headers of [{}, { Cookie: freeCookie }] as Record<string, string>[]) {
      const page = await site(`/story/${gated.slug}`, { headers });
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(GATED_WORD);
      expect(all(page.text, (el) => el.name === 'track')).toEqual([]);
      expect(byClass(page.text, 'video-transcript')).toEqual([]);
      expect(videoObject(page.text)).toBeUndefined();
    }
    expect(await search(GATED_WORD)).toEqual([]);
    const searchPage = await site(`/search?q=${GATED_WORD}`);
    expect(searchPage.text).not.toContain('Inside the harbour board');
    // Staff search the story's spoken words whatever its access.
    expect((await search(GATED_WORD, '&scope=staff', reporter.token)).map((result) => result.id)).toEqual([gated.id]);
  });

  it('gives a paying reader the track, the transcript and the VideoObject’s transcript', async () => {
    const page = await site(`/story/${gated.slug}`, { headers: { Cookie: paidCookie } });
    expect(all(page.text, (el) => el.name === 'track')).toHaveLength(1);
    expect(DomUtils.textContent(byClass(page.text, 'video-transcript')[0]!)).toContain(GATED_WORD);
    expect(videoObject(page.text)!.transcript).toBe(`The ${GATED_WORD} contract was signed in March.`);
  });

  it('moves the spoken words with the story’s access: public, readers find them; gated again, they do not', async () => {
    const current = (await api<Story>(`/api/stories/${gated.id}`, { token: reporter.token })).body;
    const opened = await api<Story>(`/api/stories/${gated.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(current, { access: 'public' }),
    });
    expect(opened.status, opened.text).toBe(200);
    expect((await search(GATED_WORD)).map((result) => result.id)).toEqual([gated.id]);
    const closed = await api<Story>(`/api/stories/${gated.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(opened.body, { access: 'members' }),
    });
    expect(closed.status, closed.text).toBe(200);
    expect(await search(GATED_WORD)).toEqual([]);
    expect((await search(GATED_WORD, '&scope=staff', reporter.token)).map((result) => result.id)).toEqual([gated.id]);
  });
});
