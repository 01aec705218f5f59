import { describe, expect, it } from 'vitest';
import { createBeat } from '../../src/services/beats/beat-save.ts';
import { api, deps, signUp } from './support/api.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Issue 19 item 7: a stream needs only its title; description and beat are optional, and a stream
 * without them still gives readers a story that reads as one (no "Live stream" placeholder).
 */
const site = siteApp();

async function start(token: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return api('/api/streams/start', { method: 'POST', token, body: form });
}

describe('starting a stream', () => {
  it('with a title alone gives the story a reader-facing description and body, and no beat', async () => {
    const reporter = await signUp('reporter', { firstName: 'Maya', lastName: 'Okafor' });
    const res = await start(reporter.token, { title: 'Storm over the harbour' });
    expect(res.status).toBe(201);
    const story = (await deps.stories.findById(res.body.storyId))!;
    expect(story.description).toBe('Live video from Maya Okafor.');
    expect(story.content).toBe(
      '<p>Reported live by Maya Okafor. The video is the broadcast: live while it lasts, and kept here once it ends.</p>',
    );
    expect(story.beat).toBeNull();
    const page = (await site(`/story/${story.slug}`)).text;
    expect(page).toContain('<p class="article-description">Live video from Maya Okafor.</p>');
    expect(page).not.toMatch(/>Live stream</);
  });

  it('takes a description and a beat from the form, as plain text', async () => {
    const reporter = await signUp('reporter');
    const beat = await createBeat(deps, { name: 'Weather', description: null });
    const res = await start(reporter.token, {
      title: 'Flood watch',
      description: '  Water is <rising> at the bridge.  ',
      beatId: String(beat.id),
    });
    expect(res.status).toBe(201);
    const story = (await deps.stories.findById(res.body.storyId))!;
    expect(story.description).toBe('Water is <rising> at the bridge.');
    expect(story.beat).toMatchObject({ id: beat.id, name: 'Weather' });
    // The description is the story's standfirst; the body does not repeat it.
    expect(story.content).not.toContain('rising');
    const json = await api('/api/streams/start', {
      method: 'POST',
      token: reporter.token,
      json: { title: 'Second watch', description: '', beatId: beat.id },
    });
    expect(json.status).toBe(201);
    expect((await deps.stories.findById(json.body.storyId))!.beat?.id).toBe(beat.id);
  });

  it('refuses a beat that does not exist or is not an id, and still needs the title', async () => {
    const reporter = await signUp('reporter');
    const activeBefore = (await api('/api/streams/active')).body.length;
    for (const beatId of ['999999', 'abc', '-3', '1.5']) {
      const res = await start(reporter.token, { title: 'Bad beat', beatId });
      expect(res.status, beatId).toBe(400);
      expect(res.body.error.fields.beatId, beatId).toBe('Choose a beat from the list');
    }
    const untitled = await start(reporter.token, { description: 'Something happening', beatId: '' });
    expect(untitled.status).toBe(400);
    expect(untitled.body.error.fields.title).toBe('Please enter a title for your stream');
    expect((await api('/api/streams/active')).body).toHaveLength(activeBefore);
  });
});
