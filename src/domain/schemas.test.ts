import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { messages } from './messages.ts';
import { createBeatSchema, updateBeatSchema } from './beats/schemas.ts';
import { idParamSchema } from './schema-fields.ts';
import { isSafeMediaUrl, storyListQuerySchema, storySaveSchema, storyUpdateSchema } from './story/schemas.ts';
import { loginSchema } from './security/schemas.ts';
import { registerSchema } from './users/schemas.ts';

/** The first message per field, as the API reports them. */
function fieldErrors(schema: ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

function parsed<S extends ZodType>(schema: S, input: unknown) {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid input, got ${JSON.stringify(result.error.issues)}`);
  return result.data as S['_output'];
}

describe('messages', () => {
  it('carry docs/product/rules.md#validation word for word', () => {
    expect(messages.emailOrUsernameRequired).toBe('Email or username is required');
    expect(messages.passwordTooShort).toBe('Password must be at least 6 characters');
    expect(messages.titleRequired).toBe('Title is required');
    expect(messages.descriptionRequired).toBe('Description is required');
    expect(messages.contentRequired).toBe('Content is required');
    expect(messages.recorderUploadIncomplete).toBe('Please provide a title and record a video');
    expect(messages.streamTitleRequired).toBe('Please enter a title for your stream');
  });
});

describe('loginSchema', () => {
  it.each([
    [{}, { emailOrUsername: messages.emailOrUsernameRequired, password: messages.passwordTooShort }],
    [{ emailOrUsername: '', password: '123456' }, { emailOrUsername: messages.emailOrUsernameRequired }],
    [{ emailOrUsername: '   ', password: '123456' }, { emailOrUsername: messages.emailOrUsernameRequired }],
    [{ emailOrUsername: 42, password: '123456' }, { emailOrUsername: messages.emailOrUsernameRequired }],
    [{ emailOrUsername: 'ada', password: '12345' }, { password: messages.passwordTooShort }],
    [{ emailOrUsername: 'ada', password: null }, { password: messages.passwordTooShort }],
  ])('refuses %j', (input, fields) => {
    expect(fieldErrors(loginSchema, input)).toEqual(fields);
  });

  it('trims the identifier but never the password', () => {
    expect(parsed(loginSchema, { emailOrUsername: '  ada@example.com ', password: ' 12345 ' })).toEqual({
      emailOrUsername: 'ada@example.com',
      password: ' 12345 ',
    });
  });

  it('takes an optional remember flag', () => {
    expect(parsed(loginSchema, { emailOrUsername: 'ada', password: '123456', remember: false }).remember).toBe(false);
    expect(Object.keys(fieldErrors(loginSchema, { emailOrUsername: 'ada', password: '123456', remember: 'yes' }))).toEqual(['remember']);
  });
});

describe('registerSchema', () => {
  const valid = { username: 'ada', email: 'ada@example.com', password: 'secret1' };

  it('requires username, email and password', () => {
    expect(fieldErrors(registerSchema, {})).toEqual({
      username: messages.usernameRequired,
      email: messages.emailRequired,
      password: messages.passwordTooShort,
    });
    expect(fieldErrors(registerSchema, { username: ' ', email: ' ', password: '' })).toEqual({
      username: messages.usernameRequired,
      email: messages.emailRequired,
      password: messages.passwordTooShort,
    });
  });

  it.each([
    [{ username: 'a'.repeat(51) }, { username: messages.usernameTooLong }],
    [{ username: 'ada lovelace' }, { username: messages.usernameCharacters }],
    [{ username: '<script>' }, { username: messages.usernameCharacters }],
    [{ email: 'not-an-email' }, { email: messages.emailInvalid }],
    [{ email: `${'a'.repeat(95)}@x.com` }, { email: messages.emailTooLong }],
    [{ password: '12345' }, { password: messages.passwordTooShort }],
    [{ role: 'editor' }, { role: messages.roleInvalid }],
    [{ firstName: 'x'.repeat(51) }, { firstName: messages.nameTooLong }],
  ])('refuses %j', (change, fields) => {
    expect(fieldErrors(registerSchema, { ...valid, ...change })).toEqual(fields);
  });

  it('defaults the role to reporter and blank names to null', () => {
    expect(parsed(registerSchema, { ...valid, firstName: '  ', lastName: null })).toEqual({
      ...valid,
      role: 'reporter',
      firstName: null,
      lastName: null,
    });
  });

  it('accepts an admin role and trims names and the username', () => {
    expect(parsed(registerSchema, { ...valid, username: ' ada.l_1-x ', role: 'admin', firstName: ' Ada ' })).toMatchObject({
      username: 'ada.l_1-x',
      role: 'admin',
      firstName: 'Ada',
    });
  });
});

describe('beat schemas', () => {
  it('requires a beat name', () => {
    expect(fieldErrors(createBeatSchema, {})).toEqual({ name: messages.beatNameRequired });
    expect(fieldErrors(createBeatSchema, { name: '  ' })).toEqual({ name: messages.beatNameRequired });
    expect(fieldErrors(createBeatSchema, { name: 'x'.repeat(101) })).toEqual({ name: messages.beatNameTooLong });
  });

  it('makes a blank description null', () => {
    expect(parsed(createBeatSchema, { name: ' Politics ', description: ' ' })).toEqual({ name: 'Politics', description: null });
    expect(parsed(createBeatSchema, { name: 'Politics' })).toEqual({ name: 'Politics', description: null });
  });

  it('on update leaves an absent description alone and clears a blank one', () => {
    expect(parsed(updateBeatSchema, {})).toEqual({ name: undefined, description: undefined });
    expect(parsed(updateBeatSchema, { description: '' })).toEqual({ name: undefined, description: null });
    expect(parsed(updateBeatSchema, { description: null })).toEqual({ name: undefined, description: null });
    expect(parsed(updateBeatSchema, { description: ' Local ' })).toEqual({ name: undefined, description: 'Local' });
    expect(fieldErrors(updateBeatSchema, { name: '' })).toEqual({ name: messages.beatNameRequired });
  });
});

describe('storySaveSchema', () => {
  const valid = { title: 'A title', description: 'A description', content: '<p>Text</p>' };

  it('requires title, description and content with docs/product messages', () => {
    expect(fieldErrors(storySaveSchema, {})).toEqual({
      title: messages.titleRequired,
      description: messages.descriptionRequired,
      content: messages.contentRequired,
    });
    expect(fieldErrors(storySaveSchema, { title: ' \n ', description: '\t', content: '' })).toEqual({
      title: messages.titleRequired,
      description: messages.descriptionRequired,
      content: messages.contentRequired,
    });
  });

  it('fills in the defaults of docs/product/rules.md#limits-and-constants', () => {
    expect(parsed(storySaveSchema, valid)).toEqual({
      ...valid,
      slug: '',
      beatId: null,
      status: 'draft',
      isFeatured: false,
      featuredImageUrl: null,
      featuredImageAlt: null,
      featuredImageCaption: null,
      featuredImageCredit: null,
      videoUrl: null,
      publishAt: null,
      format: 'article',
    });
  });

  it('reads publishAt as a date and time with its offset, and keeps it in UTC', () => {
    expect(parsed(storySaveSchema, { ...valid, publishAt: '2026-11-23T06:00:00+01:00' }).publishAt).toBe('2026-11-23T05:00:00.000Z');
    expect(parsed(storySaveSchema, { ...valid, publishAt: '' }).publishAt).toBeNull();
    expect(storySaveSchema.safeParse({ ...valid, publishAt: 'tomorrow at six' }).success).toBe(false);
    expect(storySaveSchema.safeParse({ ...valid, publishAt: '2026-11-23T06:00:00' }).success).toBe(false);
  });

  it('ignores fields a caller may not set', () => {
    const data = parsed(storySaveSchema, { ...valid, authorId: 99, views: 1000, id: 7, createdAt: 'yesterday' });
    expect(data).not.toHaveProperty('authorId');
    expect(data).not.toHaveProperty('views');
    expect(data).not.toHaveProperty('id');
    expect(data).not.toHaveProperty('createdAt');
  });

  it('trims text and turns blank optional values into none', () => {
    expect(
      parsed(storySaveSchema, { ...valid, title: '  Padded  ', slug: null, featuredImageUrl: '  ', videoUrl: null, beatId: null }),
    ).toMatchObject({ title: 'Padded', slug: '', featuredImageUrl: null, videoUrl: null, beatId: null });
    expect(parsed(storySaveSchema, { ...valid, slug: ' my-slug ' }).slug).toBe('my-slug');
  });

  it.each([
    [{ title: 'x'.repeat(256) }, { title: messages.titleTooLong }],
    [{ slug: 'Not A Slug' }, { slug: messages.slugFormat }],
    [{ slug: 'double--hyphen' }, { slug: messages.slugFormat }],
    [{ slug: '-lead' }, { slug: messages.slugFormat }],
    [{ slug: 'a'.repeat(256) }, { slug: messages.slugTooLong }],
    [{ status: 'deleted' }, { status: messages.statusInvalid }],
    [{ isFeatured: 'yes' }, { isFeatured: expect.any(String) }],
    [{ beatId: 1.5 }, { beatId: messages.beatIdInvalid }],
    [{ beatId: 0 }, { beatId: messages.beatIdInvalid }],
    [{ beatId: '3' }, { beatId: messages.beatIdInvalid }],
    [{ featuredImageUrl: 'javascript:alert(1)' }, { featuredImageUrl: messages.urlInvalid }],
    [{ featuredImageUrl: `https://example.com/${'x'.repeat(490)}` }, { featuredImageUrl: messages.featuredImageUrlTooLong }],
    [{ videoUrl: 'data:video/mp4;base64,AAAA' }, { videoUrl: messages.urlInvalid }],
    [{ videoUrl: 42 }, { videoUrl: messages.urlInvalid }],
    [{ featuredImageUrl: ['https://example.com/a.jpg'] }, { featuredImageUrl: messages.urlInvalid }],
    [{ slug: 42 }, { slug: messages.slugFormat }],
  ])('refuses %j', (change, fields) => {
    expect(fieldErrors(storySaveSchema, { ...valid, ...change })).toEqual(fields);
  });

  it('accepts every status and a positive beat id', () => {
    for (const status of ['draft', 'published', 'archived']) {
      expect(parsed(storySaveSchema, { ...valid, status, beatId: 3 })).toMatchObject({ status, beatId: 3 });
    }
  });

  it('requires a positive integer version on update', () => {
    expect(fieldErrors(storyUpdateSchema, valid)).toEqual({ version: messages.versionRequired });
    expect(fieldErrors(storyUpdateSchema, { ...valid, version: 0 })).toEqual({ version: messages.versionRequired });
    expect(fieldErrors(storyUpdateSchema, { ...valid, version: '2' })).toEqual({ version: messages.versionRequired });
    expect(parsed(storyUpdateSchema, { ...valid, version: 2 }).version).toBe(2);
  });
});

describe('isSafeMediaUrl', () => {
  it.each(['https://example.com/a.jpg', 'http://example.com/v.mp4', 'HTTPS://EXAMPLE.COM/x', '/media/abc.png'])('accepts %s', (url) => {
    expect(isSafeMediaUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/a.jpg',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/media/a b.png',
    'relative/path.png',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(isSafeMediaUrl(url)).toBe(false);
  });
});

describe('storyListQuerySchema', () => {
  it('defaults to the first 20 stories', () => {
    expect(parsed(storyListQuerySchema, {})).toEqual({ limit: 20, offset: 0 });
  });

  it('reads numbers from query strings', () => {
    expect(parsed(storyListQuerySchema, { status: 'published', limit: '6', offset: '12', authorId: '4', beatId: '2' })).toEqual({
      status: 'published',
      limit: 6,
      offset: 12,
      authorId: 4,
      beatId: 2,
    });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: 'lots' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ authorId: '0' }, 'authorId'],
    [{ authorId: '0x10' }, 'authorId'],
    [{ beatId: '1e3' }, 'beatId'],
    [{ beatId: '1.5' }, 'beatId'],
    [{ status: 'deleted' }, 'status'],
  ])('refuses %j', (query, field) => {
    expect(Object.keys(fieldErrors(storyListQuerySchema, query))).toEqual([field]);
  });
});

describe('idParamSchema', () => {
  it('reads a positive whole number', () => {
    expect(parsed(idParamSchema, { id: '42' })).toEqual({ id: 42 });
  });

  it.each(['0', '-1', '1.5', 'abc', '', '1e3', '0x10', ' 7', '99999999999999999999'])('refuses %j', (id) => {
    expect(Object.keys(fieldErrors(idParamSchema, { id }))).toEqual(['id']);
  });
});
