import { beforeAll, describe, expect, it } from 'vitest';
import type { Beat } from '../../src/domain/beats/entities.ts';
import type { Story } from '../../src/domain/story/entities.ts';
import type { StaffMember } from '../../src/domain/users/answers.ts';
import { api, createStory, expectError, signUp } from './support/api.ts';

/**
 * The dashboard's newsroom list (issue 42, item 5): an admin filters everyone's stories by author,
 * status and beat, a page at a time, and names the authors from the staff list; a reporter gets
 * neither the list of staff nor anyone else's unpublished stories.
 */

let admin: Awaited<ReturnType<typeof signUp>>;
let maya: Awaited<ReturnType<typeof signUp>>;
let daniel: Awaited<ReturnType<typeof signUp>>;
let politics: Beat;
const mayaDrafts: Story[] = [];

beforeAll(async () => {
  admin = await signUp('admin', { firstName: 'Alex', lastName: 'Chief' });
  maya = await signUp('reporter', { firstName: 'Maya', lastName: 'Okafor' });
  daniel = await signUp('reporter');
  politics = (await api<Beat>('/api/beats', { method: 'POST', token: admin.token, json: { name: 'Politics', description: '' } })).body;
  for (let i = 0; i < 3; i++) mayaDrafts.push(await createStory(maya.token, { title: `Maya draft ${i}`, beatId: politics.id }));
  await createStory(maya.token, { title: 'Maya published', status: 'published', beatId: politics.id });
  await createStory(daniel.token, { title: 'Daniel draft' });
}, 60_000);

describe('GET /api/users/staff', () => {
  it('names every staff member for an admin, without their addresses', async () => {
    const res = await api<StaffMember[]>('/api/users/staff', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.find((person) => person.id === maya.user.id)).toEqual({
      id: maya.user.id,
      username: maya.user.username,
      firstName: 'Maya',
      lastName: 'Okafor',
      role: 'reporter',
      isActive: true,
    });
    expect(res.text).not.toContain('@newsroom.test');
  });

  it('is refused to a reporter (403) and to nobody signed in (401)', async () => {
    expectError(await api('/api/users/staff', { token: maya.token }), 403, 'forbidden');
    expectError(await api('/api/users/staff'), 401, 'unauthenticated');
  });
});

describe('the newsroom list on GET /api/stories', () => {
  it('gives an admin one author’s drafts in one beat, a page at a time, with the total', async () => {
    const query = `authorId=${maya.user.id}&status=draft&beatId=${politics.id}`;
    const first = await api<Story[]>(`/api/stories?${query}&limit=2&offset=0`, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Total-Count')).toBe('3');
    expect(first.body.map((story) => story.title)).toEqual(['Maya draft 2', 'Maya draft 1']);
    const second = await api<Story[]>(`/api/stories?${query}&limit=2&offset=2`, { token: admin.token });
    expect(second.body.map((story) => story.title)).toEqual(['Maya draft 0']);
    expect(second.body[0]!.author).toMatchObject({ firstName: 'Maya', lastName: 'Okafor' });
  });

  it('gives a reporter only what is published of someone else’s', async () => {
    const drafts = await api<Story[]>(`/api/stories?authorId=${maya.user.id}&status=draft`, { token: daniel.token });
    expect(drafts.body).toEqual([]);
    expect(drafts.headers.get('X-Total-Count')).toBe('0');
    const all = await api<Story[]>(`/api/stories?authorId=${maya.user.id}`, { token: daniel.token });
    expect(all.body.map((story) => story.title)).toEqual(['Maya published']);
  });
});
