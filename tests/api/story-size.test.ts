import { describe, expect, it } from 'vitest';
import { STORY_TEXT_LIMIT_BYTES } from '../../src/domain/story/story-size.ts';
import { storyText } from '../../src/domain/story/story-text.ts';
import { api, createStory, expectError, signUp, storedStory, storyPayload, updatePayload } from './support/api.ts';

/**
 * A story whose text fits the 2 MiB request limit can still be more than D1 stores in one row
 * (2,000,000 bytes) with the plain text search keeps beside it; its revision copies the same text. Such a save is refused before anything is
 * written, naming the field to shorten.
 */
/**
 * The content that brings a payload's text to exactly `total` bytes: title, description, content
 * and the content's plain text, which the row keeps for search (`<p>x…x</p>`: n + 7 bytes and n).
 */
function sizedPayload(total: number, overrides: Record<string, unknown> = {}) {
  const payload = { ...storyPayload(), ...overrides } as ReturnType<typeof storyPayload>;
  const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength;
  if ((total - bytesOf(`${payload.title}${payload.description}`) - 7) % 2 !== 0) payload.title = `${payload.title}y`;
  const letters = (total - bytesOf(`${payload.title}${payload.description}`) - 7) / 2;
  const content = `<p>${'x'.repeat(letters)}</p>`;
  expect(bytesOf(payload.title) + bytesOf(payload.description) + bytesOf(content) + bytesOf(storyText(content))).toBe(total);
  return { ...payload, content };
}

describe('story text at the D1 row limit', () => {
  it('saves a story whose text is exactly at the limit, and a revision of it', async () => {
    const reporter = await signUp('reporter');
    const created = await api('/api/stories', { method: 'POST', token: reporter.token, json: sizedPayload(STORY_TEXT_LIMIT_BYTES) });
    expect(created.status, created.text.slice(0, 200)).toBe(201);
    expect(created.body.content.length).toBeGreaterThan(950_000);

    const story = await createStory(reporter.token);
    const payload = updatePayload(story, sizedPayload(STORY_TEXT_LIMIT_BYTES, { title: story.title, description: story.description }));
    const updated = await api(`/api/stories/${story.id}`, { method: 'PUT', token: reporter.token, json: payload });
    expect(updated.status, updated.text.slice(0, 200)).toBe(200);
    const revisions = await api<{ version: number }[]>(`/api/stories/${story.id}/revisions`, { token: reporter.token });
    expect(revisions.body.map((revision) => revision.version)).toEqual([2, 1]);
  });

  it('refuses a byte more with 413 naming the content, and writes nothing', async () => {
    const reporter = await signUp('reporter');
    const refused = await api('/api/stories', {
      method: 'POST',
      token: reporter.token,
      json: sizedPayload(STORY_TEXT_LIMIT_BYTES + 1, { title: 'Too long to store' }),
    });
    const error = expectError(refused, 413, 'payload_too_large');
    expect(error.fields).toEqual({
      content: expect.stringMatching(/^This story is too long to save: its text takes 1,984,001 bytes, at most 1,984,000$/),
    });
    const mine = await api<{ title: string }[]>('/api/stories?limit=100', { token: reporter.token });
    expect(mine.body.map((story) => story.title)).not.toContain('Too long to store');

    const story = await createStory(reporter.token);
    const payload = updatePayload(story, sizedPayload(STORY_TEXT_LIMIT_BYTES + 1, { title: story.title, description: story.description }));
    expectError(await api(`/api/stories/${story.id}`, { method: 'PUT', token: reporter.token, json: payload }), 413, 'payload_too_large');
    expect((await storedStory(story.id))?.version).toBe(story.version);
    const revisions = await api<{ version: number }[]>(`/api/stories/${story.id}/revisions`, { token: reporter.token });
    expect(revisions.body.map((revision) => revision.version)).toEqual([1]);
  });

  it('counts bytes, not characters: a description of multi-byte text is named when it is the larger', async () => {
    const reporter = await signUp('reporter');
    const description = 'é'.repeat(STORY_TEXT_LIMIT_BYTES / 2); // two bytes each: the limit on its own
    const refused = await api('/api/stories', { method: 'POST', token: reporter.token, json: { ...storyPayload(), description } });
    expect(Object.keys(expectError(refused, 413, 'payload_too_large').fields ?? {})).toEqual(['description']);
  });
});
