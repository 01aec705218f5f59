import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../src/worker.ts';
import type { Correction, Story, StoryRevision, StoryRevisionSummary } from '../../src/domain/story/entities.ts';
import { formatFullDate } from '../../src/domain/dates.ts';
import { api, createStory, deleteUser, deps, expectError, signUp, updatePayload, updateStory } from './support/api.ts';
import { siteApp } from './support/site-app.ts';

/**
 * The newsroom's working day (docs/product/api.md): scheduled publishing by the minute job, editorial review,
 * revision history and corrections, through the whole worker over real local D1.
 */

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const site = siteApp();

/** The worker's own scheduled handler, as the Cron Trigger calls it, for a run meant for `at`. */
async function runTheJob(at: string): Promise<void> {
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: '* * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Everything an anonymous reader can reach that could name a story. */
async function publicTraces(story: Story): Promise<string[]> {
  const seen: string[] = [];
  const check = async (what: string, found: Promise<boolean>) => {
    if (await found) seen.push(what);
  };
  await check(
    'list',
    api<Story[]>('/api/stories?limit=100').then((r) => r.body.some((s) => s.id === story.id)),
  );
  await check(
    'published list',
    api<Story[]>('/api/stories?status=published&limit=100').then((r) => r.body.some((s) => s.id === story.id)),
  );
  for (const status of ['scheduled', 'in_review', 'draft']) {
    await check(
      `${status} list`,
      api<Story[]>(`/api/stories?status=${status}&limit=100`).then((r) => r.body.some((s) => s.id === story.id)),
    );
  }
  await check(
    'featured',
    api<Story | null>('/api/stories/featured').then((r) => r.body?.id === story.id),
  );
  await check(
    'by slug',
    api(`/api/stories/slug/${story.slug}`).then((r) => r.status === 200),
  );
  await check(
    'by id',
    api(`/api/stories/${story.id}`).then((r) => r.status === 200),
  );
  await check(
    'story page',
    site(`/story/${story.slug}`).then((r) => r.status === 200),
  );
  await check(
    'home page',
    site('/').then((r) => r.text.includes(story.title)),
  );
  await check(
    'rss',
    site('/rss.xml').then((r) => r.text.includes(story.title)),
  );
  await check(
    'sitemap',
    site('/sitemap.xml').then((r) => r.text.includes(`/story/${story.slug}<`)),
  );
  await check(
    'news sitemap',
    site('/news-sitemap.xml').then((r) => r.text.includes(`/story/${story.slug}<`)),
  );
  await check(
    'views',
    api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} }).then((r) => r.status === 200),
  );
  return seen;
}

const ALL_TRACES = [
  'list',
  'published list',
  'featured',
  'by slug',
  'by id',
  'story page',
  'home page',
  'rss',
  'sitemap',
  'news sitemap',
  'views',
];

let admin: Awaited<ReturnType<typeof signUp>>;
let reporter: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp('admin');
  reporter = await signUp('reporter', { firstName: 'Maya', lastName: 'Okafor' });
  other = await signUp('reporter');
});

describe('scheduled publishing', () => {
  it('refuses a schedule without a time, or with one that is not in the future', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'Choose when the story should be published'],
      [null, 'Choose when the story should be published'],
      [inMinutes(-1), 'Choose a time in the future'],
      ['next Tuesday', 'Enter a date and time'],
    ];
    for (const [publishAt, message] of cases) {
      const res = await api('/api/stories', {
        method: 'POST',
        token: reporter.token,
        json: { title: 'Embargoed', description: 'D', content: '<p>C</p>', status: 'scheduled', publishAt },
      });
      expect(expectError(res, 400, 'validation_failed').fields).toEqual({ publishAt: message });
    }
    const draft = await createStory(reporter.token);
    const res = await api(`/api/stories/${draft.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(draft, { status: 'scheduled', publishAt: inMinutes(-5) }),
    });
    expect(expectError(res, 400).fields).toEqual({ publishAt: 'Choose a time in the future' });
    expect((await deps.stories.findById(draft.id))!.version).toBe(draft.version);
  });

  it('keeps a scheduled story from every reader until its time, then the job publishes it with publishedAt = publishAt', async () => {
    const publishAt = inMinutes(30);
    const story = await createStory(reporter.token, { title: 'Budget embargo lifts', status: 'scheduled', publishAt, isFeatured: true });
    expect(story).toMatchObject({ status: 'scheduled', publishAt, publishedAt: null });
    expect(await publicTraces(story)).toEqual([]);
    // Its author and admins see it as scheduled.
    expect((await api<Story>(`/api/stories/${story.id}`, { token: reporter.token })).body.status).toBe('scheduled');
    expect((await api<Story[]>('/api/stories?status=scheduled', { token: admin.token })).body.map((s) => s.id)).toContain(story.id);

    // A run before its time leaves it alone.
    await runTheJob(new Date(Date.parse(publishAt) - 60_000).toISOString());
    expect((await deps.stories.findById(story.id))!.status).toBe('scheduled');
    expect(await publicTraces(story)).toEqual([]);

    await runTheJob(new Date(Date.parse(publishAt) + 20_000).toISOString());
    const published = (await api<Story>(`/api/stories/slug/${story.slug}`)).body;
    // publishAt is cleared, as approving or saving a published story clears it; publishedAt keeps its time.
    expect(published).toMatchObject({ status: 'published', publishedAt: publishAt, publishAt: null, version: story.version + 1 });
    expect(published.updatedAt).toBe(publishAt);
    // Like any save that changes the status, the publication keeps a revision (under the story's author), so the newest revision is the current version.
    const history = (await api<StoryRevisionSummary[]>(`/api/stories/${story.id}/revisions`, { token: reporter.token })).body;
    expect(history.map((r) => [r.version, r.status, r.editor.id, r.createdAt])).toEqual([
      [published.version, 'published', reporter.user.id, publishAt],
      [story.version, 'scheduled', reporter.user.id, story.createdAt],
    ]);
    // Everywhere but the news sitemap, which lists only what was published in the two days up to the clock's now, still before publishAt here.
    expect(await publicTraces(published)).toEqual(ALL_TRACES.filter((trace) => trace !== 'news sitemap'));
  });

  it('publishes each story once, however often and however many runs overlap', async () => {
    const publishAt = inMinutes(10);
    const stories = await Promise.all(
      [1, 2, 3].map((n) => createStory(reporter.token, { title: `Overnight ${n}`, status: 'scheduled', publishAt })),
    );
    const at = new Date(Date.parse(publishAt) + 1000).toISOString();
    await Promise.all([runTheJob(at), runTheJob(at), runTheJob(at)]);
    await runTheJob(at);
    for (const story of stories) {
      expect(await deps.stories.findById(story.id)).toMatchObject({
        status: 'published',
        publishedAt: publishAt,
        publishAt: null,
        version: story.version + 1,
      });
      expect((await deps.revisions.list(story.id)).map((r) => r.version)).toEqual([story.version + 1, story.version]);
    }
  });

  it('lists scheduled stories soonest first, page by page, with the total', async () => {
    const scheduler = await signUp('reporter');
    const times = [inMinutes(300), inMinutes(120), inMinutes(240), inMinutes(180)];
    const made = [];
    for (const publishAt of times)
      made.push(await createStory(scheduler.token, { title: `Embargo ${publishAt}`, status: 'scheduled', publishAt }));
    const soonest = [...made].sort((a, b) => a.publishAt!.localeCompare(b.publishAt!)).map((s) => s.id);
    const page = (offset: number) =>
      api<Story[]>(`/api/stories?status=scheduled&authorId=${scheduler.user.id}&limit=2&offset=${offset}`, { token: admin.token });
    const first = await page(0);
    expect(first.body.map((s) => s.id)).toEqual(soonest.slice(0, 2));
    expect(first.headers.get('X-Total-Count')).toBe('4');
    expect((await page(2)).body.map((s) => s.id)).toEqual(soonest.slice(2));
  });

  it('does not publish a scheduled story that was deleted or taken off the schedule', async () => {
    const publishAt = inMinutes(10);
    const deleted = await createStory(reporter.token, { status: 'scheduled', publishAt });
    const unscheduled = await createStory(reporter.token, { status: 'scheduled', publishAt });
    expect((await api(`/api/stories/${deleted.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    const draft = await updateStory(reporter.token, unscheduled, { status: 'draft', publishAt });
    expect(draft.publishAt).toBeNull();
    await runTheJob(inMinutes(11));
    expect((await deps.stories.findById(unscheduled.id))!.status).toBe('draft');
    expect((await deps.stories.findDeletedFacts(deleted.id))!.status).toBe('scheduled');
  });

  it('refreshes every cached public copy when the job publishes', async () => {
    const cached = siteApp({ edgeCache: { cache: await caches.open('working-day-job'), namespace: 'job', ttlSeconds: 60 } });
    const publishAt = inMinutes(20);
    const story = await createStory(reporter.token, { title: 'Dawn announcement', status: 'scheduled', publishAt });
    const pages = ['/', '/rss.xml', '/sitemap.xml', '/api/stories?status=published&limit=6', `/api/stories/slug/${story.slug}`];
    for (const path of pages) await cached(path);
    expect((await cached('/')).headers.get('X-Edge-Cache')).toBe('HIT');

    const { runScheduledJob } = await import('../../src/adapters/jobs/scheduled-job.ts');
    expect((await runScheduledJob(cached.deps, cached.edgeCache, Date.parse(publishAt) + 1000)).map((s) => s.id)).toEqual([story.id]);
    for (const path of pages.slice(0, 4)) {
      const res = await cached(path);
      expect(res.headers.get('X-Edge-Cache'), path).toBe('MISS');
      expect(res.text, path).toContain(path.startsWith('/sitemap') ? `/story/${story.slug}<` : 'Dawn announcement');
    }
    expect((await cached(`/api/stories/slug/${story.slug}`)).status).toBe(200);
  });
});

describe('editorial review', () => {
  const review = (token: string, story: Story, body: Record<string, unknown>) =>
    api<Story>(`/api/stories/${story.id}/review`, { method: 'POST', token, json: { version: story.version, ...body } });

  it('walks a story through submit, send back with a note, resubmit and approve', async () => {
    const submitted = await createStory(reporter.token, { title: 'Council contracts', status: 'in_review' });
    expect(submitted.submittedAt).toBe(submitted.createdAt);
    expect(await publicTraces(submitted)).toEqual([]);
    expect((await api(`/api/stories/${submitted.id}`, { token: other.token })).status).toBe(404);

    const queue = (await api<Story[]>('/api/stories?status=in_review', { token: admin.token })).body;
    expect(queue.map((s) => s.id)).toContain(submitted.id);

    expect(expectError(await review(admin.token, submitted, { decision: 'return' }), 400).fields).toEqual({
      note: 'Write a note for the reporter',
    });
    const returned = await review(admin.token, submitted, { decision: 'return', note: 'Name the second source.' });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'draft', reviewNote: 'Name the second source.', version: submitted.version + 1 });
    // The author reads the note on the story and in their list.
    expect((await api<Story>(`/api/stories/${submitted.id}`, { token: reporter.token })).body.reviewNote).toBe('Name the second source.');
    expect(
      (await api<Story[]>(`/api/stories?authorId=${reporter.user.id}`, { token: reporter.token })).body.find((s) => s.id === submitted.id)
        ?.reviewNote,
    ).toBe('Name the second source.');

    const resubmitted = await updateStory(reporter.token, returned.body, { content: '<p>Two sources now.</p>', status: 'in_review' });
    expect(resubmitted).toMatchObject({ status: 'in_review', reviewNote: 'Name the second source.' });
    const approved = await review(admin.token, resubmitted, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'published', reviewNote: null, submittedAt: null });
    expect(approved.body.publishedAt).toBe(approved.body.updatedAt);
    expect(await publicTraces(approved.body)).toEqual(ALL_TRACES.filter((trace) => trace !== 'featured'));

    // Reviewing it again: it is no longer waiting.
    expectError(await review(admin.token, approved.body, { decision: 'approve' }), 409, 'not_in_review');
  });

  it('lists the queue oldest submission first, even after an edit', async () => {
    const first = await createStory(reporter.token, { title: 'Queued first', status: 'in_review' });
    const second = await createStory(other.token, { title: 'Queued second', status: 'in_review' });
    const draft = await createStory(reporter.token, { title: 'Queued third' });
    await updateStory(reporter.token, first, { content: '<p>An edit while waiting.</p>' });
    const third = await updateStory(reporter.token, draft, { status: 'in_review' });
    const queue = (await api<Story[]>('/api/stories?status=in_review&limit=100', { token: admin.token })).body.map((s) => s.id);
    const ours = queue.filter((id) => [first.id, second.id, third.id].includes(id));
    expect(ours).toEqual([first.id, second.id, third.id]);
  });

  it('schedules an approved story whose author asked for a later time', async () => {
    const publishAt = inMinutes(90);
    const story = await createStory(reporter.token, { title: 'Timed release', status: 'in_review', publishAt });
    expect(story.publishAt).toBe(publishAt);
    const approved = await review(admin.token, story, { decision: 'approve' });
    expect(approved.body).toMatchObject({ status: 'scheduled', publishAt, publishedAt: null });
    await runTheJob(new Date(Date.parse(publishAt) + 1000).toISOString());
    expect(await deps.stories.findById(story.id)).toMatchObject({ status: 'published', publishedAt: publishAt, publishAt: null });
    // The approval's revision (by the admin, scheduled), then the job's (by the author, published).
    expect((await deps.revisions.list(story.id)).map((r) => [r.status, r.editor.id])).toEqual([
      ['published', reporter.user.id],
      ['scheduled', admin.user.id],
      ['in_review', reporter.user.id],
    ]);
  });

  it('refuses a stale version, bad input, and anyone but an admin', async () => {
    const story = await createStory(reporter.token, { status: 'in_review' });
    const edited = await updateStory(reporter.token, story, { title: 'Edited while waiting', status: 'in_review' });
    const stale = expectError(await review(admin.token, story, { decision: 'approve' }), 409, 'stale_version');
    expect((stale as unknown as { current: Story }).current.version).toBe(edited.version);
    expect((await deps.stories.findById(story.id))!.status).toBe('in_review');

    expect(expectError(await review(admin.token, edited, { decision: 'publish' }), 400).fields).toHaveProperty('decision');
    expect(
      expectError(await api(`/api/stories/${story.id}/review`, { method: 'POST', token: admin.token, json: { decision: 'approve' } }), 400)
        .fields,
    ).toHaveProperty('version');
    expect(expectError(await review(admin.token, edited, { decision: 'return', note: 'x'.repeat(1001) }), 400).fields).toEqual({
      note: 'A note must be at most 1,000 characters',
    });
    expectError(await review(reporter.token, edited, { decision: 'approve' }), 403, 'forbidden');
    expectError(await review(other.token, edited, { decision: 'approve' }), 404, 'not_found');
    expectError(
      await api(`/api/stories/${story.id}/review`, { method: 'POST', json: { decision: 'approve', version: edited.version } }),
      401,
    );
    expectError(await review(admin.token, { ...edited, id: 999_999 }, { decision: 'approve' }), 404);
    expect((await deps.stories.findById(story.id))!.status).toBe('in_review');
  });

  it('lets only the author submit a story for review', async () => {
    const story = await createStory(reporter.token);
    expectError(
      await api(`/api/stories/${story.id}`, { method: 'PUT', token: admin.token, json: updatePayload(story, { status: 'in_review' }) }),
      403,
      'forbidden',
    );
    expect((await updateStory(reporter.token, story, { status: 'in_review' })).status).toBe('in_review');
  });

  it('keeps the review note from everyone but the author and admins', async () => {
    const story = await createStory(reporter.token, { status: 'in_review' });
    const returned = (await review(admin.token, story, { decision: 'return', note: 'Private advice' })).body;
    // A reporter publishing straight away drops the note; the story never shows it to readers.
    const published = await updateStory(reporter.token, returned, { status: 'published' });
    expect(published.reviewNote).toBeNull();
    expect((await api(`/api/stories/${story.id}`, { token: other.token })).text).not.toContain('Private advice');
  });
});

describe('revision history', () => {
  const revisions = (token: string | null, story: Story) => api<StoryRevisionSummary[]>(`/api/stories/${story.id}/revisions`, { token });

  it('keeps one revision per save that changes the text, slug, status or video, newest first, and none for a view', async () => {
    const story = await createStory(reporter.token, {
      title: 'Bridge closure',
      content: '<p>The bridge closes on Monday.</p>',
      status: 'published',
    });
    let list = (await revisions(reporter.token, story)).body;
    expect(list).toEqual([
      {
        id: expect.any(Number),
        version: 1,
        title: 'Bridge closure',
        status: 'published',
        createdAt: story.createdAt,
        editor: { id: reporter.user.id, username: reporter.user.username, firstName: 'Maya', lastName: 'Okafor' },
      },
    ]);

    await api(`/api/stories/${story.id}/view`, { method: 'POST', json: {} });
    const featured = await updateStory(reporter.token, story, { isFeatured: true });
    expect((await revisions(reporter.token, story)).body).toHaveLength(1);

    const edited = await updateStory(admin.token, featured, { content: '<p>The bridge closes on Tuesday.</p>' });
    const renamed = await updateStory(reporter.token, edited, { slug: 'bridge-closure-tuesday' });
    const withVideo = await updateStory(reporter.token, renamed, { videoUrl: 'https://example.com/bridge.mp4' });
    await updateStory(reporter.token, withVideo, { status: 'archived' });
    list = (await revisions(admin.token, story)).body;
    expect(list.map((r) => [r.version, r.status, r.editor.username])).toEqual([
      [6, 'archived', reporter.user.username],
      [5, 'published', reporter.user.username],
      [4, 'published', reporter.user.username],
      [3, 'published', admin.user.username],
      [1, 'published', reporter.user.username],
    ]);

    const read = await api<StoryRevision>(`/api/stories/${story.id}/revisions/${list[3]!.id}`, { token: reporter.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      version: 3,
      content: '<p>The bridge closes on Tuesday.</p>',
      slug: story.slug,
      description: story.description,
      videoUrl: null,
      featuredImageUrl: null,
    });
  });

  it('writes no revision for a save that is refused', async () => {
    const story = await createStory(reporter.token);
    await updateStory(reporter.token, story, { title: 'First editor wins' });
    expectError(
      await api(`/api/stories/${story.id}`, {
        method: 'PUT',
        token: admin.token,
        json: updatePayload(story, { title: 'Second editor loses' }),
      }),
      409,
      'stale_version',
    );
    const titles = (await revisions(reporter.token, story)).body.map((r) => r.title);
    expect(titles).toEqual(['First editor wins', story.title]);
  });

  it('restores an old text as a new version with a revision of its own, under the conflict rule', async () => {
    const story = await createStory(reporter.token, { title: 'Water report', content: '<p>Levels are normal.</p>', status: 'published' });
    const changed = await updateStory(reporter.token, story, { title: 'Water warning', content: '<p>Levels are rising.</p>' });
    const [, original] = (await revisions(reporter.token, story)).body;

    const stale = await api(`/api/stories/${story.id}/revisions/${original!.id}/restore`, {
      method: 'POST',
      token: reporter.token,
      json: { version: story.version },
    });
    expectError(stale, 409, 'stale_version');
    expect((await deps.stories.findById(story.id))!.content).toBe('<p>Levels are rising.</p>');

    const restored = await api<Story>(`/api/stories/${story.id}/revisions/${original!.id}/restore`, {
      method: 'POST',
      token: reporter.token,
      json: { version: changed.version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      title: 'Water report',
      content: '<p>Levels are normal.</p>',
      status: 'published',
      version: changed.version + 1,
    });
    const list = (await revisions(reporter.token, story)).body;
    expect(list[0]).toMatchObject({ version: changed.version + 1, title: 'Water report', editor: { id: reporter.user.id } });
    expect(list).toHaveLength(3);
  });

  it('keeps no revision, and writes nothing, when a restore or an attached video changes nothing', async () => {
    const story = await createStory(reporter.token, { title: 'Ferry timetable', content: '<p>Hourly.</p>', status: 'published' });
    const changed = await updateStory(reporter.token, story, { content: '<p>Every half hour.</p>' });
    const [newest] = (await revisions(reporter.token, story)).body;
    const same = await api<Story>(`/api/stories/${story.id}/revisions/${newest!.id}/restore`, {
      method: 'POST',
      token: reporter.token,
      json: { version: changed.version },
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ content: '<p>Every half hour.</p>', version: changed.version, updatedAt: changed.updatedAt });
    expect((await revisions(reporter.token, story)).body).toHaveLength(2);

    const withVideo = await deps.stories.attachVideo(story.id, '/media/videos/ferry.webm', new Date().toISOString(), reporter.user.id);
    expect(withVideo).toMatchObject({ videoUrl: '/media/videos/ferry.webm', version: changed.version + 1 });
    expect((await revisions(reporter.token, story)).body.map((r) => r.version)).toEqual([
      changed.version + 1,
      changed.version,
      story.version,
    ]);
    const again = await deps.stories.attachVideo(story.id, '/media/videos/ferry.webm', new Date().toISOString(), admin.user.id);
    expect(again).toMatchObject({ videoUrl: '/media/videos/ferry.webm', version: changed.version + 1, updatedAt: withVideo!.updatedAt });
    expect((await revisions(reporter.token, story)).body).toHaveLength(3);
    expect(await deps.stories.attachVideo(999_999, '/media/videos/none.webm', new Date().toISOString(), admin.user.id)).toBeNull();
  });

  it('answers 404 for another story’s revision or one that does not exist, and 400 for a bad id or body', async () => {
    const mine = await createStory(reporter.token);
    const theirs = await createStory(other.token);
    const [theirRevision] = (await revisions(other.token, theirs)).body;
    expectError(await api(`/api/stories/${mine.id}/revisions/${theirRevision!.id}`, { token: reporter.token }), 404);
    expectError(
      await api(`/api/stories/${mine.id}/revisions/${theirRevision!.id}/restore`, {
        method: 'POST',
        token: reporter.token,
        json: { version: mine.version },
      }),
      404,
    );
    expectError(await api(`/api/stories/${mine.id}/revisions/999999`, { token: reporter.token }), 404);
    expectError(await api(`/api/stories/${mine.id}/revisions/abc`, { token: reporter.token }), 400);
    expectError(await api(`/api/stories/999999/revisions`, { token: admin.token }), 404);
    const [own] = (await revisions(reporter.token, mine)).body;
    expect(
      expectError(
        await api(`/api/stories/${mine.id}/revisions/${own!.id}/restore`, { method: 'POST', token: reporter.token, json: {} }),
        400,
      ).fields,
    ).toHaveProperty('version');
  });

  it('keeps history from everyone but the author and admins, even on a published story', async () => {
    const story = await createStory(reporter.token, { status: 'published' });
    const [revision] = (await revisions(reporter.token, story)).body;
    expectError(await revisions(other.token, story), 404);
    expectError(await api(`/api/stories/${story.id}/revisions/${revision!.id}`, { token: other.token }), 404);
    expectError(await revisions(null, story), 401);
    expect((await revisions(admin.token, story)).status).toBe(200);
  });

  it('keeps revisions and their editor after the editor is deactivated', async () => {
    const leaver = await signUp('reporter', { firstName: 'Lee', lastName: 'Vern' });
    const story = await createStory(leaver.token, { status: 'published' });
    await updateStory(leaver.token, story, { content: '<p>Last words before leaving.</p>' });
    await deleteUser(admin.token, leaver.user.id);
    const list = (await revisions(admin.token, story)).body;
    expect(list).toHaveLength(2);
    expect(list.every((r) => r.editor.username === leaver.user.username && r.editor.lastName === 'Vern')).toBe(true);
  });
});

describe('corrections', () => {
  const correct = (token: string | null, story: Story, note: unknown) =>
    api<Correction>(`/api/stories/${story.id}/corrections`, { method: 'POST', token, json: { note } });

  it('adds permanent public corrections to a published story, moving its updatedAt', async () => {
    const story = await createStory(reporter.token, { title: 'Mayor resigns', status: 'published' });
    const first = await correct(reporter.token, story, '  An earlier version gave the wrong date of the vote.  ');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      note: 'An earlier version gave the wrong date of the vote.',
      createdAt: expect.any(String),
    });
    const second = await correct(admin.token, story, 'The mayor’s deputy was misnamed.');
    expect(second.status).toBe(201);

    const read = (await api<Story>(`/api/stories/slug/${story.slug}`)).body;
    expect(read.corrections).toEqual([first.body, second.body]);
    expect(read.updatedAt).toBe(second.body.createdAt);
    // Not an edit of the text: the version (the edit-conflict token) stays.
    expect(read.version).toBe(story.version);
    // Nothing else of the story changed, and no revision was made.
    expect(read).toMatchObject({ title: story.title, content: story.content, publishedAt: story.publishedAt });
    expect((await api(`/api/stories/${story.id}/revisions`, { token: reporter.token })).body).toHaveLength(1);

    // No route edits or removes one.
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(
        (await api(`/api/stories/${story.id}/corrections/${first.body.id}`, { method, token: admin.token, json: { note: 'Never mind' } }))
          .status,
      ).toBe(404);
    }
    // Nor can the database be made to.
    await expect(env.DB.prepare('DELETE FROM story_corrections WHERE id = ?').bind(first.body.id).run()).rejects.toThrow(/permanent/);
    await expect(env.DB.prepare('UPDATE story_corrections SET note = ? WHERE id = ?').bind('x', first.body.id).run()).rejects.toThrow(
      /permanent/,
    );
  });

  it('leaves the version alone, so an editor who opened the story before the correction can still save and restore', async () => {
    const story = await createStory(reporter.token, {
      title: 'Rail strike',
      content: '<p>Trains stop on Friday.</p>',
      status: 'published',
    });
    const changed = await updateStory(reporter.token, story, { content: '<p>Trains stop on Friday and Saturday.</p>' });
    // The editor holds `changed`; an admin corrects the story meanwhile.
    expect((await correct(admin.token, changed, 'An earlier version gave the wrong day.')).status).toBe(201);

    const saved = await api<Story>(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(changed, { title: 'Rail strike widens' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Rail strike widens', version: changed.version + 1 });
    expect(saved.body.corrections.map((c) => c.note)).toEqual(['An earlier version gave the wrong day.']);

    expect((await correct(reporter.token, saved.body, 'The union was misnamed.')).status).toBe(201);
    const [, , original] = (await api<StoryRevisionSummary[]>(`/api/stories/${story.id}/revisions`, { token: reporter.token })).body;
    const restored = await api<Story>(`/api/stories/${story.id}/revisions/${original!.id}/restore`, {
      method: 'POST',
      token: reporter.token,
      json: { version: saved.body.version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      title: 'Rail strike',
      content: '<p>Trains stop on Friday.</p>',
      version: saved.body.version + 1,
    });
    expect(restored.body.corrections).toHaveLength(2);
  });

  it('refreshes every cached public copy of the story', async () => {
    const cached = siteApp({ edgeCache: { cache: await caches.open('working-day-correction'), namespace: 'correction', ttlSeconds: 60 } });
    const story = await createStory(reporter.token, { title: 'Library hours', status: 'published' });
    const pages = [`/story/${story.slug}`, `/api/stories/slug/${story.slug}`, '/rss.xml'];
    for (const path of pages) await cached(path);
    expect((await cached(`/story/${story.slug}`)).headers.get('X-Edge-Cache')).toBe('HIT');

    const added = await cached(`/api/stories/${story.id}/corrections`, {
      method: 'POST',
      token: reporter.token,
      json: { note: 'The library opens at 9, not 10.' },
    });
    expect(added.status).toBe(201);
    for (const path of pages) {
      const res = await cached(path);
      expect(res.headers.get('X-Edge-Cache'), path).toBe('MISS');
      expect(res.text, path).toContain('The library opens at 9, not 10.');
    }
  });

  it('takes 1 to 1,000 characters', async () => {
    const story = await createStory(reporter.token, { status: 'published' });
    expect(expectError(await correct(reporter.token, story, '   '), 400).fields).toEqual({ note: 'Write the correction' });
    expect(expectError(await correct(reporter.token, story, undefined), 400).fields).toEqual({ note: 'Write the correction' });
    expect(expectError(await correct(reporter.token, story, 'x'.repeat(1001)), 400).fields).toEqual({
      note: 'A correction must be at most 1,000 characters',
    });
    expect((await correct(reporter.token, story, 'x'.repeat(1000))).status).toBe(201);
    expect((await correct(reporter.token, story, 'x')).status).toBe(201);
  });

  it('is only for a published story, by its author or an admin', async () => {
    for (const status of ['draft', 'in_review', 'archived'] as const) {
      const story = await createStory(reporter.token, { status });
      expectError(await correct(reporter.token, story, 'Too early'), 409, 'not_published');
      expectError(await correct(admin.token, story, 'Too early'), 409, 'not_published');
      expect((await deps.stories.findById(story.id))!.corrections).toEqual([]);
    }
    const scheduled = await createStory(reporter.token, { status: 'scheduled', publishAt: inMinutes(60) });
    expectError(await correct(reporter.token, scheduled, 'Too early'), 409, 'not_published');
    const published = await createStory(reporter.token, { status: 'published' });
    expectError(await correct(other.token, published, 'Not mine'), 403, 'forbidden');
    expectError(await correct(null, published, 'Anonymous'), 401);
    expectError(await correct(admin.token, { ...published, id: 999_999 }, 'Missing'), 404);
    expect((await deps.stories.findById(published.id))!.corrections).toEqual([]);
  });

  it('shows on the story page, in its JSON-LD and in the RSS item', async () => {
    const story = await createStory(reporter.token, { title: 'Hospital wait times', status: 'published' });
    const correction = (await correct(reporter.token, story, 'The figure for March was 14 weeks, not 41.')).body;
    const updated = (await api<Story>(`/api/stories/${story.id}`)).body;

    const page = (await site(`/story/${story.slug}`)).text;
    const jsonLd = JSON.parse(
      page.slice(page.indexOf('<script type="application/ld+json">') + 35, page.indexOf('</script>', page.indexOf('application/ld+json'))),
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      '@type': 'NewsArticle',
      dateModified: updated.updatedAt,
      correction: [{ '@type': 'CorrectionComment', text: correction.note, datePublished: correction.createdAt }],
    });
    // The one date style (decision 046): in UTC and saying so, on the page and in the feed alike.
    const date = formatFullDate(correction.createdAt);
    expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} [AP]M UTC$/);
    expect(page).toContain(`Correction, ${date}:</strong>`);
    expect(page).toContain('The figure for March was 14 weeks, not 41.');
    expect(page).toMatch(/Updated <time datetime="[^"]+">just now<\/time>/);

    const rss = (await site('/rss.xml')).text;
    const item = rss.slice(rss.indexOf('<title>Hospital wait times</title>'));
    expect(item.slice(0, item.indexOf('</item>'))).toContain(`Correction, ${date}: The figure for March was 14 weeks, not 41.`);
    expect(item.slice(0, item.indexOf('</item>'))).toContain(`<atom:updated>${updated.updatedAt}</atom:updated>`);
  });
});

describe('figures with the new statuses', () => {
  it('count only published stories as published, and drafts as drafts', async () => {
    const counter = await signUp('reporter');
    await createStory(counter.token, { status: 'published' });
    await createStory(counter.token, { status: 'draft' });
    await createStory(counter.token, { status: 'in_review' });
    await createStory(counter.token, { status: 'scheduled', publishAt: inMinutes(60) });
    const figures = (await api('/api/analytics/me/figures', { token: counter.token })).body;
    expect(figures).toMatchObject({ publishedStories: 1, draftStories: 1, inReviewStories: 1, scheduledStories: 1 });
  });
});
