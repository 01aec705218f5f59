import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, expectError, signUp, updatePayload } from './support/api.ts';
import { asReader, signInReader } from './support/readers.ts';
import { compReader, subscribeReader } from './support/members.ts';
import { siteApp } from './support/site-app.ts';
import { startStream } from './support/live.ts';

/** docs/product/api.md, "Members and reader revenue": access per story, and the cut the server makes (decision 090). */

const OPENING = '<p>Floodwater reached the council chamber overnight.</p><p>Staff moved the archive upstairs.</p>';
const HIDDEN = 'The treasurer signed the levee contract twice';
const content = (marker = true, hidden = HIDDEN) =>
  `${OPENING}${marker ? '<hr data-preview-end="">' : ''}<p>${hidden}.</p><p>More later.</p>`;

type Gated = Story & { gated: boolean };

async function publishedWith(access: string, overrides: Record<string, unknown> = {}) {
  const reporter = await signUp('reporter');
  const story = await createStory(reporter.token, { status: 'published', access, content: content(), ...overrides });
  return { reporter, story };
}

let readers = 0;
async function reader(level: 'free' | 'comped' | 'subscribed') {
  readers += 1;
  const signedIn = await signInReader(`member-${readers}-${crypto.randomUUID().slice(0, 6)}@example.com`);
  const id = (signedIn.reader as { id: number }).id;
  if (level === 'comped') await compReader(id);
  if (level === 'subscribed') await subscribeReader(id, { status: 'active' });
  return { ...signedIn, id };
}

describe('a story’s access, as the editor sets it', () => {
  it('is public unless chosen, is kept by saves that leave it out, and only takes the three values', async () => {
    const reporter = await signUp('reporter');
    const plain = await createStory(reporter.token);
    expect(plain.access).toBe('public');

    const paid = await createStory(reporter.token, { access: 'paid' });
    expect(paid.access).toBe('paid');
    const { access: _left, ...withoutAccess } = updatePayload(paid, { title: 'Renamed' }) as Record<string, unknown>;
    const saved = await api<Story>(`/api/stories/${paid.id}`, { method: 'PUT', token: reporter.token, json: withoutAccess });
    expect(saved.body.access).toBe('paid');

    const bad = await api('/api/stories', {
      method: 'POST',
      token: reporter.token,
      json: { title: 'x', description: 'y', content: '<p>z</p>', access: 'vip' },
    });
    expect(expectError(bad, 400, 'validation_failed').fields).toEqual({ access: 'Access must be public, members or paid' });
  });

  it('never gates a live blog: 400 when created or saved so, and the database refuses it too', async () => {
    const reporter = await signUp('reporter');
    const created = await api('/api/stories', {
      method: 'POST',
      token: reporter.token,
      json: { title: 'Storm live', description: 'Updates', content: '<p>Live</p>', format: 'liveblog', access: 'members' },
    });
    expect(expectError(created, 400, 'validation_failed').fields).toEqual({
      access: 'A live blog is for everyone: it cannot be for members only',
    });

    const blog = await createStory(reporter.token, { format: 'liveblog' });
    const saved = await api(`/api/stories/${blog.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(blog, { access: 'paid' }),
    });
    expectError(saved, 400, 'validation_failed');
    const { env } = await import('cloudflare:workers');
    await expect(env.DB.prepare("UPDATE stories SET access = 'paid' WHERE id = ?").bind(blog.id).run()).rejects.toThrow(
      /live blog is public/,
    );
  });

  it('keeps a story with a live stream public, live or ended: 409 live_story_public, and the database refuses it too (decision 105)', async () => {
    const reporter = await signUp('reporter');
    const stream = await startStream(reporter.token, 'Council vote, live');
    const read = async () => (await api<Story>(`/api/stories/${stream.storyId}`, { token: reporter.token })).body;
    const live = await read();
    for (const access of ['members', 'paid']) {
      const saved = await api(`/api/stories/${live.id}`, { method: 'PUT', token: reporter.token, json: updatePayload(live, { access }) });
      expect(expectError(saved, 409, 'live_story_public').message).toMatch(/live/i);
    }
    const { env } = await import('cloudflare:workers');
    await expect(env.DB.prepare("UPDATE stories SET access = 'paid' WHERE id = ?").bind(live.id).run()).rejects.toThrow(
      /live story is public/,
    );
    // Ended, its recording is read back through the same public stream addresses: still public.
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token })).status).toBe(200);
    const ended = await read();
    const saved = await api(`/api/stories/${ended.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(ended, { access: 'paid' }),
    });
    expectError(saved, 409, 'live_story_public');
    expect((await read()).access).toBe('public');
    // A stream is never started on a gated story either (a live blog is public: the only story a stream joins).
    const gated = await createStory(reporter.token, { access: 'members' });
    await expect(
      env.DB.prepare(
        "INSERT INTO live_streams (story_id, stream_key, started_at, is_active) VALUES (?, 'k-gated', '2026-01-01T00:00:00.000Z', 1)",
      )
        .bind(gated.id)
        .run(),
    ).rejects.toThrow(/live story is public/);
  });

  it('keeps the editor’s marker through the sanitiser and back to staff, never to readers', async () => {
    const { reporter, story } = await publishedWith('public');
    expect(story.content).toMatch(/<hr data-preview-end="" ?\/?>/);
    const staff = await api<Gated>(`/api/stories/${story.id}`, { token: reporter.token });
    expect(staff.body.content).toContain('data-preview-end');
    const anyone = await api<Gated>(`/api/stories/${story.id}`);
    expect(anyone.body.content).not.toContain('data-preview-end');
    expect(anyone.body.content).toContain(HIDDEN);
  });
});

describe('the story’s JSON, cut by the reader’s level', () => {
  it('gives readers without access the opening with gated: true, and never the rest, by id or by slug', async () => {
    const { story } = await publishedWith('members');
    const free = await reader('free');
    for (const path of [`/api/stories/${story.id}`, `/api/stories/slug/${story.slug}`]) {
      const anonymous = await api<Gated>(path);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.gated).toBe(true);
      expect(anonymous.body.content).toBe(OPENING);
      expect(anonymous.text).not.toContain(HIDDEN);
      expect(anonymous.headers.get('X-Story-Access')).toBe('members');

      const member = await asReader(free.cookie, path);
      expect(member.body.gated).toBe(false);
      expect(member.body.content).toContain(HIDDEN);
    }
  });

  it('gives a paid story whole only to a paid or comped reader; the rest of it never to a free one', async () => {
    const { story, reporter } = await publishedWith('paid');
    const [free, comped, subscribed] = [await reader('free'), await reader('comped'), await reader('subscribed')];
    const read = (cookie?: string) => (cookie ? asReader(cookie, `/api/stories/${story.id}`) : api(`/api/stories/${story.id}`));

    for (const who of [undefined, free.cookie]) {
      const res = await read(who);
      expect(res.body.gated).toBe(true);
      expect(res.text).not.toContain(HIDDEN);
    }
    for (const who of [comped.cookie, subscribed.cookie]) {
      const res = await read(who);
      expect(res.body.gated).toBe(false);
      expect(res.body.content).toContain(HIDDEN);
    }
    // Staff read it whole, marker and all (the editor loads it so).
    const staff = await api<Gated>(`/api/stories/${story.id}`, { token: reporter.token });
    expect(staff.body).toMatchObject({ access: 'paid' });
    expect(staff.body.content).toContain(HIDDEN);
  });

  it('follows the subscription as Stripe last said it: past_due keeps access, a cancellation lasts to the period’s end', async () => {
    const { story } = await publishedWith('paid');
    const level = async (state: { status: string; accessEndsAt?: string | null }) => {
      const someone = await reader('free');
      await subscribeReader(someone.id, state);
      return ((await asReader(someone.cookie, `/api/stories/${story.id}`)).body as Gated).gated ? 'free' : 'paid';
    };
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const earlier = new Date(Date.now() - 86_400_000).toISOString();
    expect(await level({ status: 'past_due' })).toBe('paid');
    expect(await level({ status: 'trialing' })).toBe('paid');
    expect(await level({ status: 'canceled', accessEndsAt: later })).toBe('paid');
    expect(await level({ status: 'canceled', accessEndsAt: earlier })).toBe('free');
    expect(await level({ status: 'incomplete' })).toBe('free');
    expect(await level({ status: 'unpaid', accessEndsAt: earlier })).toBe('free');
  });

  it('ends a comp’s access when the comp ends', async () => {
    const { story } = await publishedWith('paid');
    const someone = await reader('free');
    await compReader(someone.id, new Date(Date.now() - 1000).toISOString());
    expect(((await asReader(someone.cookie, `/api/stories/${story.id}`)).body as Gated).gated).toBe(true);
  });

  it('cuts gated stories in lists for every reader (one copy for all), without the marker; staff lists stay whole', async () => {
    const { story, reporter } = await publishedWith('paid', { isFeatured: true });
    const paid = await reader('comped');
    for (const path of ['/api/stories?status=published&limit=100', '/api/stories/featured']) {
      const res = await asReader(paid.cookie, path);
      expect(res.status).toBe(200);
      const item = ([res.body].flat() as Gated[]).find((listed) => listed.id === story.id)!;
      expect(item.content).not.toContain(HIDDEN);
      expect(item.content).not.toContain('data-preview-end');
    }
    const listed = (await api<Gated[]>('/api/stories?status=published&limit=100')).body.find((item) => item.id === story.id)!;
    expect(listed).toMatchObject({ gated: true, content: OPENING });
    const staff = (await api<Gated[]>('/api/stories?status=published&limit=100', { token: reporter.token })).body.find(
      (item) => item.id === story.id,
    )!;
    expect(staff.content).toContain(HIDDEN);
  });

  it('opens with the first two paragraphs when the editor placed no marker', async () => {
    const { story } = await publishedWith('members', { content: content(false) });
    const res = await api<Gated>(`/api/stories/${story.id}`);
    expect(res.body.content).toBe(OPENING);
  });
});

describe('search never matches nor shows the hidden part to readers', () => {
  it('finds a gated story by its opening but not by its rest; staff search finds both', async () => {
    const { reporter } = await publishedWith('paid', {
      title: 'Chamber flooded',
      content: `<p>Wombat keepers opened the gates.</p><hr data-preview-end=""><p>The numbat auditor resigned.</p>`,
    });
    const admin = await signUp('admin');
    const byRest = await api<{ total: number }>('/api/search?q=numbat%20auditor');
    expect(byRest.body.total).toBe(0);
    const byOpening = await api<{ total: number; results: { snippet: string }[] }>('/api/search?q=wombat');
    expect(byOpening.body.total).toBe(1);
    expect(JSON.stringify(byOpening.body)).not.toContain('numbat');
    const staff = await api<{ total: number }>('/api/search?q=numbat%20auditor&scope=staff', { token: admin.token });
    expect(staff.body.total).toBe(1);
    const own = await api<{ total: number }>('/api/search?q=numbat%20auditor&scope=staff', { token: reporter.token });
    expect(own.body.total).toBe(1);
  });

  it('follows a change of access: a story made public is found by its whole text, made paid again it is not', async () => {
    const { reporter, story } = await publishedWith('members', {
      content: `${OPENING}<hr data-preview-end=""><p>Quokka sightings doubled.</p>`,
    });
    expect((await api<{ total: number }>('/api/search?q=quokka')).body.total).toBe(0);
    const opened = await api<Story>(`/api/stories/${story.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: updatePayload(story, { access: 'public' }),
    });
    expect((await api<{ total: number }>('/api/search?q=quokka')).body.total).toBe(1);
    await api(`/api/stories/${story.id}`, { method: 'PUT', token: reporter.token, json: updatePayload(opened.body, { access: 'paid' }) });
    expect((await api<{ total: number }>('/api/search?q=quokka')).body.total).toBe(0);
  });
});

describe('the story page, cut by the reader’s level', () => {
  it('shows an anonymous reader the opening and a sign-in panel that comes back to this story, and says so in JSON-LD', async () => {
    const site = siteApp();
    const { story } = await publishedWith('members');
    const page = await site(`/story/${story.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(HIDDEN);
    expect(page.text).toContain('Staff moved the archive upstairs.');
    expect(page.text).toContain('data-island="story-gate"');
    expect(page.text).toContain(`data-next="/story/${story.slug}"`);
    expect(page.headers.get('X-Story-Access')).toBe('members');
    const ld = page.text.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!;
    expect(JSON.parse(ld)).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.article-locked' },
    });
  });

  it('offers a free member the upgrade to /support on a paid story, and gives a paid member the whole of it', async () => {
    const site = siteApp();
    const { story } = await publishedWith('paid');
    const free = await reader('free');
    const upgrade = await site(`/story/${story.slug}`, { headers: { Cookie: free.cookie } });
    expect(upgrade.text).not.toContain(HIDDEN);
    expect(upgrade.text).toContain(`href="/support?next=${encodeURIComponent(`/story/${story.slug}`)}"`);
    expect(upgrade.text).not.toContain('data-island="story-gate"');

    const paid = await reader('subscribed');
    const whole = await site(`/story/${story.slug}`, { headers: { Cookie: paid.cookie } });
    expect(whole.text).toMatch(new RegExp(`<div class="article-content article-locked"><p>${HIDDEN}`));
    expect(whole.text).not.toContain('story-gate');
    expect(whole.text).not.toContain('data-preview-end');
  });
});

describe('the edge cache keeps one copy per reader level, never one per reader', () => {
  it('serves each level its own cached copy of a gated story, and one copy of a public story to all', async () => {
    const namespace = `levels-${crypto.randomUUID()}`;
    const site = siteApp({ edgeCache: { cache: await caches.open(namespace), namespace, ttlSeconds: 60 } });
    const { story } = await publishedWith('paid');
    const { story: open } = await publishedWith('public');
    const [free1, free2, paid] = [await reader('free'), await reader('free'), await reader('comped')];
    const read = (path: string, cookie?: string) => site(path, cookie ? { headers: { Cookie: cookie } } : {});

    for (const path of [`/story/${story.slug}`, `/api/stories/${story.id}`]) {
      expect((await read(path)).headers.get('X-Edge-Cache'), path).toBe('MISS');
      expect((await read(path)).headers.get('X-Edge-Cache'), path).toBe('HIT');
      // A free reader gets the free copy, made once for every free reader: never the anonymous one, never a paid one.
      const firstFree = await read(path, free1.cookie);
      expect(firstFree.headers.get('X-Edge-Cache'), path).toBe('MISS');
      const otherFree = await read(path, free2.cookie);
      expect(otherFree.headers.get('X-Edge-Cache'), path).toBe('HIT');
      expect(otherFree.text).toBe(firstFree.text);
      expect(otherFree.text).not.toContain(HIDDEN);
      const paidRead = await read(path, paid.cookie);
      expect(paidRead.headers.get('X-Edge-Cache'), path).toBe('MISS');
      expect(paidRead.text).toContain(HIDDEN);
      expect((await read(path, paid.cookie)).headers.get('X-Edge-Cache'), path).toBe('HIT');
      // And the anonymous copy is still the cut one.
      expect((await read(path)).text).not.toContain(HIDDEN);
    }

    for (const path of [`/story/${open.slug}`, `/api/stories/${open.id}`]) {
      expect((await read(path)).headers.get('X-Edge-Cache'), path).toBe('MISS');
      expect((await read(path, free1.cookie)).headers.get('X-Edge-Cache'), path).toBe('HIT');
      expect((await read(path, paid.cookie)).headers.get('X-Edge-Cache'), path).toBe('HIT');
    }
  });
});
