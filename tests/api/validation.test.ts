import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '../../src/domain/story/entities.ts';
import { api, createStory, deps, expectError, signUp, storyPayload, updatePayload } from './support/api.ts';
import { unknownNameKey } from '../../src/services/security/lockout.ts';

/** The validation messages of docs/product/rules.md#validation (and the API's own for the rest), as the 400 `fields` carry them. */

let admin: { token: string };
let reporter: { token: string };

beforeAll(async () => {
  admin = await signUp('admin');
  reporter = await signUp('reporter');
});

async function expectFields(res: Promise<import('./support/api.ts').ApiResponse>, fields: Record<string, string>) {
  const error = expectError(await res, 400, 'validation_failed');
  expect(error.fields).toEqual(fields);
}

describe('sign-in form', () => {
  const signIn = (json: unknown) => api('/api/auth/login', { method: 'POST', json });

  it.each([
    ['nothing', {}, { emailOrUsername: 'Email or username is required', password: 'Password must be at least 6 characters' }],
    ['an empty identifier', { emailOrUsername: '', password: 'secret-pw' }, { emailOrUsername: 'Email or username is required' }],
    ['a blank identifier', { emailOrUsername: '  \t ', password: 'secret-pw' }, { emailOrUsername: 'Email or username is required' }],
    ['no password', { emailOrUsername: 'someone' }, { password: 'Password must be at least 6 characters' }],
    ['a 5-character password', { emailOrUsername: 'someone', password: '12345' }, { password: 'Password must be at least 6 characters' }],
  ])('refuses %s', async (_case, json, fields) => {
    await expectFields(signIn(json), fields);
  });

  it('does not count a refused form as a failed sign-in', async () => {
    for (let i = 0; i < 6; i++)
      await expectFields(signIn({ emailOrUsername: 'counted', password: '1' }), { password: 'Password must be at least 6 characters' });
    const key = await unknownNameKey(deps.secrets, 'counted');
    expect(await deps.loginAttempts.failuresSince(key, '1970-01-01T00:00:00.000Z')).toEqual({ count: 0, oldest: null });
  });
});

describe('add reporter form', () => {
  const register = (json: unknown) => api('/api/auth/register', { method: 'POST', token: admin.token, json });

  it('requires username, email and password', async () => {
    await expectFields(register({}), {
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password must be at least 6 characters',
    });
    await expectFields(register({ username: ' ', email: '', password: '', role: 'reporter' }), {
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password must be at least 6 characters',
    });
  });

  it.each([
    ['an email that is not one', { email: 'not-an-email' }, { email: 'Enter a valid email address' }],
    [
      'a username with spaces',
      { username: 'two words' },
      { username: 'Username may only use letters, numbers, dots, hyphens and underscores' },
    ],
    ['a username over 50 characters', { username: 'u'.repeat(51) }, { username: 'Username must be at most 50 characters' }],
    ['an unknown role', { role: 'editor' }, { role: 'Role must be reporter or admin' }],
    ['a short password', { password: 'abc' }, { password: 'Password must be at least 6 characters' }],
  ])('refuses %s', async (_case, change, fields) => {
    await expectFields(register({ username: 'newhire', email: 'newhire@newsroom.test', password: 'secret-pw', ...change }), fields);
  });

  it('creates a reporter by default and refuses a taken username or email, whatever its case', async () => {
    const res = await register({ username: 'Grace', email: 'grace@newsroom.test', password: 'secret-pw' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'Grace', email: 'grace@newsroom.test', role: 'reporter', isActive: true });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('password');

    expect(
      expectError(await register({ username: 'grace', email: 'other@newsroom.test', password: 'secret-pw' }), 409, 'username_taken').fields,
    ).toEqual({
      username: 'That username is already taken',
    });
    expect(
      expectError(await register({ username: 'grace2', email: 'GRACE@newsroom.test', password: 'secret-pw' }), 409, 'email_taken').fields,
    ).toEqual({
      email: 'That email is already in use',
    });
  });
});

describe('add beat form', () => {
  const addBeat = (json: unknown) => api('/api/beats', { method: 'POST', token: admin.token, json });

  it('requires a name', async () => {
    await expectFields(addBeat({}), { name: 'Beat name is required' });
    await expectFields(addBeat({ name: '   ', description: 'Something' }), { name: 'Beat name is required' });
    await expectFields(addBeat({ name: 'b'.repeat(101) }), { name: 'Beat name must be at most 100 characters' });
  });

  it('creates a beat and refuses the same name again, whatever its case', async () => {
    const res = await addBeat({ name: 'Politics', description: 'Elections and parliament' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Politics',
      slug: 'politics',
      description: 'Elections and parliament',
      createdAt: expect.any(String),
    });
    expectError(await addBeat({ name: 'POLITICS' }), 409, 'beat_name_taken');
  });

  it('refuses a blank name on update and answers 404 for a beat that does not exist', async () => {
    const beat = (await addBeat({ name: 'Local' })).body;
    await expectFields(api(`/api/beats/${beat.id}`, { method: 'PUT', token: admin.token, json: { name: '' } }), {
      name: 'Beat name is required',
    });
    expectError(await api('/api/beats/999999', { method: 'PUT', token: admin.token, json: { name: 'Nowhere' } }), 404, 'not_found');
  });
});

describe('story form', () => {
  const create = (json: unknown) => api('/api/stories', { method: 'POST', token: reporter.token, json });

  it('requires title, description and content', async () => {
    await expectFields(create({}), { title: 'Title is required', description: 'Description is required', content: 'Content is required' });
    await expectFields(create({ title: ' ', description: '\n', content: '' }), {
      title: 'Title is required',
      description: 'Description is required',
      content: 'Content is required',
    });
  });

  it.each([
    ['only a script', '<script>alert(1)</script>'],
    ['empty paragraphs', '<p></p><p> </p>'],
    ['a non-breaking space', '<p>&nbsp;</p>'],
    ['only forbidden elements', '<style>p{}</style><object data="x"></object><iframe src="https://evil.example/"></iframe>'],
  ])('treats content that sanitises to nothing (%s) as missing', async (_case, content) => {
    await expectFields(create(storyPayload({ content })), { content: 'Content is required' });
  });

  it.each([
    ['a title over 255 characters', { title: 't'.repeat(256) }, { title: 'Title must be at most 255 characters' }],
    ['an unknown status', { status: 'deleted' }, { status: 'Status must be draft, in review, scheduled, published or archived' }],
    ['a beat that does not exist', { beatId: 424242 }, { beatId: 'Choose a beat from the list' }],
    ['a beat id sent as text', { beatId: '1' }, { beatId: 'Choose a beat from the list' }],
    ['a featured flag that is not a boolean', { isFeatured: 'yes' }, { isFeatured: expect.any(String) }],
    [
      'a featured image URL over 500 characters',
      { featuredImageUrl: `https://example.com/${'i'.repeat(490)}` },
      { featuredImageUrl: 'Featured image URL must be at most 500 characters' },
    ],
  ])('refuses %s', async (_case, change, fields) => {
    await expectFields(create(storyPayload(change)), fields);
  });

  it('stores nothing when it refuses a story', async () => {
    const before = await api('/api/stories', { token: reporter.token });
    await create({ title: 'Half a story' });
    const after = await api('/api/stories', { token: reporter.token });
    expect(after.headers.get('X-Total-Count')).toBe(before.headers.get('X-Total-Count'));
  });

  describe('on update', () => {
    let story: Story;
    beforeAll(async () => {
      story = await createStory(reporter.token, { title: 'Valid to begin with' });
    });

    it('gives the same messages and leaves the story as it was', async () => {
      const res = await api(`/api/stories/${story.id}`, {
        method: 'PUT',
        token: reporter.token,
        json: updatePayload(story, { title: '', description: ' ', content: '<p></p>' }),
      });
      expect(expectError(res, 400, 'validation_failed').fields).toEqual({
        title: 'Title is required',
        description: 'Description is required',
      });
      expect((await api(`/api/stories/${story.id}`, { token: reporter.token })).body).toEqual(story);
    });

    it('needs the version the editor loaded', async () => {
      const { version: _version, ...withoutVersion } = updatePayload(story);
      await expectFields(api(`/api/stories/${story.id}`, { method: 'PUT', token: reporter.token, json: withoutVersion }), {
        version: 'The story version is required to save changes',
      });
    });
  });
});
