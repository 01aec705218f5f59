import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';
import type { SearchHit } from '../../src/domain/discovery/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { api, createStory, deps, expectError, signUp, updatePayload, updateStory } from './support/api.ts';

/**
 * GET /api/search (docs/product/api.md, "Finding the news"; decision 035) through the whole
 * worker over real local D1 with the FTS5 index of migrations/0010.
 */

/** The answer of GET /api/search: hits as docs/product/api.md spells them (`status` only for staff). */
interface SearchAnswer {
  total: number;
  results: (Omit<SearchHit, 'status'> & { status?: string })[];
}

const search = (query: string, token?: string) => api<SearchAnswer>(`/api/search?${query}`, { token });
const ids = async (q: string, extra = '', token?: string) => {
  const res = await search(`q=${encodeURIComponent(q)}${extra}`, token);
  expect(res.status, res.text).toBe(200);
  return res.body.results.map((result) => result.id);
};
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * Strings that try to break out of text into markup, kept here so every one of them is checked
 * against the snippet (in a title, a description and a story body).
 */
const HTML_INJECTIONS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '</mark><script>alert(1)</script><mark>',
  '<mark onmouseover=alert(1)>hover</mark>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '<!-- <script>alert(1)</script> -->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<style>*{display:none}</style>',
  '<a href="javascript:alert(1)">click</a>',
  '\uE000<b>bold</b>\uE001',
  '\uE001</mark><img src=x onerror=alert(1)>\uE000',
  '<<script>script>alert(1)<</script>/script>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '`${alert(1)}`',
];

/** Plain text written into HTML the way the editor would. */
const asHtmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

let admin: Awaited<ReturnType<typeof signUp>>;
let reporter: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp('admin');
  reporter = await signUp('reporter', { firstName: 'Maya', lastName: 'Okafor' });
  other = await signUp('reporter');
});

describe('ranking and matching', () => {
  it('puts a title match before a description match before a body match', async () => {
    const body = await createStory(reporter.token, {
      title: 'Council minutes',
      description: 'Routine business',
      content: '<p>The zephyrine report was tabled.</p>',
      status: 'published',
    });
    const description = await createStory(reporter.token, {
      title: 'Harbour works',
      description: 'A zephyrine survey',
      content: '<p>Nothing else.</p>',
      status: 'published',
    });
    const title = await createStory(reporter.token, {
      title: 'Zephyrine found',
      description: 'At last',
      content: '<p>More.</p>',
      status: 'published',
    });
    expect(await ids('zephyrine')).toEqual([title.id, description.id, body.id]);
  });

  it('matches words by prefix, without regard to case or accents, in either direction', async () => {
    const accented = await createStory(reporter.token, {
      title: 'The Levée holds',
      description: 'D',
      content: '<p>Crews worked all night at the Café Müller.</p>',
      status: 'published',
    });
    const plain = await createStory(reporter.token, {
      title: 'Levee repairs begin',
      description: 'D',
      content: '<p>cafe muller</p>',
      status: 'published',
    });
    for (const q of ['levee', 'LEVÉE', 'lév', 'Leve']) expect((await ids(q)).sort(), q).toEqual([accented.id, plain.id].sort());
    expect((await ids('café müll')).sort()).toEqual([accented.id, plain.id].sort());
    expect(await ids('crews muller')).toEqual([accented.id]);
  });

  it('needs every word, and reads operators and quotes as plain separators', async () => {
    const both = await createStory(reporter.token, {
      title: 'Quarry blast',
      description: 'Windows shattered',
      content: '<p>x</p>',
      status: 'published',
    });
    await createStory(reporter.token, { title: 'Quarry hearing', description: 'Nothing broke', content: '<p>x</p>', status: 'published' });
    expect(await ids('quarry shattered')).toEqual([both.id]);
    for (const q of ['"quarry" (shattered)', 'quarry: shattered*', '-quarry ^shattered', 'quarry:shattered', '{quarry} + shattered']) {
      expect(await ids(q), q).toEqual([both.id]);
    }
    // Operator words are words like any other: the story would need the word "or".
    expect(await ids('quarry OR shattered')).toEqual([]);
    expect(await search('q=%22%28*%29%3A')).toMatchObject({ status: 200, body: { total: 0, results: [] } });
  });

  it('indexes the body as text: tags and attributes are not words', async () => {
    const story = await createStory(reporter.token, {
      title: 'Markup check',
      description: 'D',
      content: '<p>A <strong>bolded</strong> <a href="https://example.com/hrefonlyword">link text</a> and fish&amp;chips</p>',
      status: 'published',
    });
    expect(await ids('bolded')).toEqual([story.id]);
    expect(await ids('chips')).toEqual([story.id]);
    expect(await ids('strong')).not.toContain(story.id);
    expect(await ids('hrefonlyword')).toEqual([]);
  });

  it('pages with limit and offset, with the total of all matches, and filters by beat', async () => {
    const beat = await createBeat(deps, { name: 'Search Beat', description: null });
    const made: Story[] = [];
    for (let n = 0; n < 5; n++)
      made.push(
        await createStory(reporter.token, { title: `Pagination wombat ${n}`, status: 'published', beatId: n < 2 ? beat.id : null }),
      );
    const first = await search('q=wombat&limit=2');
    const second = await search('q=wombat&limit=2&offset=2');
    const third = await search('q=wombat&limit=2&offset=4');
    expect([first.body.total, second.body.total, third.body.total]).toEqual([5, 5, 5]);
    const pages = [...first.body.results, ...second.body.results, ...third.body.results].map((r) => r.id);
    expect(pages.sort()).toEqual(made.map((s) => s.id).sort());
    const inBeat = await search(`q=wombat&beatId=${beat.id}`);
    expect(inBeat.body.total).toBe(2);
    expect(inBeat.body.results.every((r) => r.beat?.slug === 'search-beat')).toBe(true);
  });

  it('answers with the fields of docs/product/api.md and no more', async () => {
    const story = await createStory(reporter.token, {
      title: 'Fieldcheck story',
      description: 'Short',
      content: '<p>text</p>',
      status: 'published',
    });
    const res = await search('q=fieldcheck');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({
      total: 1,
      results: [
        {
          id: story.id,
          slug: story.slug,
          title: 'Fieldcheck story',
          description: 'Short',
          snippet: '<mark>Fieldcheck</mark> story',
          publishedAt: story.publishedAt,
          author: { id: reporter.user.id, username: reporter.user.username, firstName: 'Maya', lastName: 'Okafor' },
          beat: null,
        },
      ],
    });
  });
});

describe('who finds what', () => {
  it('never shows drafts, scheduled, in-review or deleted stories to readers', async () => {
    const draft = await createStory(reporter.token, { title: 'Secret aardvark draft', status: 'draft' });
    const scheduled = await createStory(reporter.token, {
      title: 'Secret aardvark embargo',
      status: 'scheduled',
      publishAt: inMinutes(60),
    });
    const inReview = await createStory(reporter.token, { title: 'Secret aardvark review', status: 'in_review' });
    const archived = await createStory(reporter.token, { title: 'Secret aardvark archive', status: 'archived' });
    const deleted = await createStory(reporter.token, { title: 'Secret aardvark deleted', status: 'published' });
    expect(await ids('aardvark')).toEqual([deleted.id]);
    expect((await api(`/api/stories/${deleted.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    expect(await ids('aardvark')).toEqual([]);
    expect((await search('q=aardvark')).body.total).toBe(0);
    // A signed-in reader's plain search is the public one too.
    expect(await ids('aardvark', '', other.token)).toEqual([]);

    // Staff search what their dashboard lists: a reporter its own stories, an admin everything; never deleted ones.
    const own = [draft, scheduled, inReview, archived].map((s) => s.id).sort();
    expect((await ids('aardvark', '&scope=staff', reporter.token)).sort()).toEqual(own);
    expect(await ids('aardvark', '&scope=staff', other.token)).toEqual([]);
    expect((await ids('aardvark', '&scope=staff', admin.token)).sort()).toEqual(own);
    const staff = await search('q=aardvark&scope=staff', reporter.token);
    expect(staff.body.results.find((r) => r.id === draft.id)?.status).toBe('draft');
    expectError(await search('q=aardvark&scope=staff'), 401);

    // Restored, it is found again.
    expect((await api(`/api/stories/${deleted.id}/restore`, { method: 'POST', token: reporter.token })).status).toBe(200);
    expect(await ids('aardvark')).toEqual([deleted.id]);
  });

  it('drops an unpublished story from the results at once, and follows every edit', async () => {
    const story = await createStory(reporter.token, { title: 'Pelican crossing opens', status: 'published' });
    expect(await ids('pelican')).toEqual([story.id]);
    const unpublished = await updateStory(reporter.token, story, { status: 'draft' });
    expect(await ids('pelican')).toEqual([]);
    const renamed = await updateStory(reporter.token, unpublished, { status: 'published', title: 'Toucan crossing opens' });
    expect(await ids('pelican')).toEqual([]);
    expect(await ids('toucan')).toEqual([story.id]);
    await updateStory(reporter.token, renamed, { content: '<p>The flamingo lane is next.</p>' });
    expect(await ids('flamingo')).toEqual([story.id]);
  });

  it('finds a story once the minute job publishes it, and once a review approves it', async () => {
    const publishAt = inMinutes(5);
    const scheduled = await createStory(reporter.token, { title: 'Narwhal embargo', status: 'scheduled', publishAt });
    expect(await ids('narwhal')).toEqual([]);
    const controller = createScheduledController({ scheduledTime: new Date(Date.parse(publishAt) + 1000), cron: '* * * * *' });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await ids('narwhal')).toEqual([scheduled.id]);

    const waiting = await createStory(reporter.token, { title: 'Ocelot review', status: 'in_review' });
    expect(await ids('ocelot')).toEqual([]);
    const res = await api(`/api/stories/${waiting.id}/review`, {
      method: 'POST',
      token: admin.token,
      json: { decision: 'approve', version: waiting.version },
    });
    expect(res.status, res.text).toBe(200);
    expect(await ids('ocelot')).toEqual([waiting.id]);
  });
});

describe('the snippet', () => {
  it('lets nothing but <mark> through, whatever a title, description or body holds', async () => {
    for (const [index, payload] of HTML_INJECTIONS.entries()) {
      const marker = `quokka${String.fromCharCode(97 + index)}`;
      const inTitle = await createStory(reporter.token, { title: `${marker} ${payload}`, description: 'D', status: 'published' });
      const inDescription = await createStory(reporter.token, {
        title: 'T',
        description: `${payload} ${marker} ${payload}`,
        status: 'published',
      });
      const inBody = await createStory(reporter.token, {
        title: 'T',
        description: 'D',
        content: `<p>${asHtmlText(payload)} ${marker} ${asHtmlText(payload)}</p>`,
        status: 'published',
      });
      const res = await search(`q=${marker}`);
      expect(res.body.results.map((r) => r.id).sort(), payload).toEqual([inTitle.id, inDescription.id, inBody.id].sort());
      for (const result of res.body.results) {
        const withoutMarks = result.snippet.replace(/<mark>/g, '').replace(/<\/mark>/g, '');
        expect(withoutMarks, payload).not.toMatch(/[<>"]/);
        expect(withoutMarks, payload).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
        // Marks are balanced and never nested.
        expect(result.snippet.replace(/<mark>[^<]*<\/mark>/g, ''), payload).not.toMatch(/<\/?mark>/);
        expect(result.snippet, payload).toContain(`<mark>${marker}</mark>`);
      }
    }
  });
});

describe('bad queries', () => {
  it('is 400 with fields.q for a missing, empty, blank or 201-character query', async () => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(201)}`]) {
      const error = expectError(await search(query), 400, 'validation_failed');
      expect(Object.keys(error.fields ?? {}), query).toEqual(['q']);
    }
    expect((await search(`q=${'a'.repeat(200)}`)).status).toBe(200);
    expectError(await search('q=x&limit=51'), 400);
    expectError(await search('q=x&beatId=abc'), 400);
  });
});

describe('the beat slug', () => {
  it('gives each beat a unique slug made by the story slug rule, following renames', async () => {
    const first = await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Courts & Crime' } });
    expect(first.body).toMatchObject({ name: 'Courts & Crime', slug: 'courts-crime' });
    const second = await api('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Courts  Crime!' } });
    expect(second.body).toMatchObject({ slug: 'courts-crime-2' });
    const script = await api('/api/beats', { method: 'POST', token: admin.token, json: { name: '東京' } });
    expect(script.body).toMatchObject({ slug: 'beat' });
    const renamed = await api(`/api/beats/${second.body.id}`, { method: 'PUT', token: admin.token, json: { name: 'Justice' } });
    expect(renamed.body).toMatchObject({ slug: 'justice' });
    expect((await api('/api/beats/slug/justice')).body).toMatchObject({ id: second.body.id, name: 'Justice', slug: 'justice' });
    expectError(await api('/api/beats/slug/courts-crime-2'), 404);
    expectError(await api('/api/beats/slug/Not%20A%20Slug'), 404);
    // A story's beat carries the slug for its badge link.
    const story = await createStory(reporter.token, { title: 'Beat badge story', status: 'published', beatId: first.body.id });
    expect(story.beat).toEqual({ id: first.body.id, name: 'Courts & Crime', slug: 'courts-crime' });
    void updatePayload;
  });
});
