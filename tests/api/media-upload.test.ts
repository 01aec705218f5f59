import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import camera from '../fixtures/camera-vp9-opus.webm?inline';
import { api, createStory, deps, signUp } from './support/api.ts';
import { MiB, bucketKeys, byteDifference, fileOf, multipart, pngOf, readObject, samples, streamOf } from './support/media.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';

const cameraBytes = Uint8Array.from(atob(camera.slice(camera.indexOf(',') + 1)), (c) => c.charCodeAt(0));

function upload(path: string, token: string | null, parts: Parameters<typeof multipart>[0], options: { stream?: boolean } = {}) {
  const { body, contentType } = multipart(parts);
  return api(path, {
    method: 'POST',
    token,
    body: options.stream ? streamOf(body) : body,
    headers: { 'Content-Type': contentType, ...(options.stream ? {} : { 'Content-Length': String(body.length) }) },
  });
}

describe('POST /api/upload/image', () => {
  it('stores a PNG under a key the server made and answers where it is', async () => {
    const { token } = await signUp('reporter');
    const res = await upload('/api/upload/image', token, [
      { name: 'file', value: samples.png, filename: '../../etc/passwd.png', contentType: 'text/html' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ url: `/media/${res.body.key}`, key: res.body.key, contentType: 'image/png', size: samples.png.length });
    expect(res.body.key).toMatch(/^images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(await readObject(res.body.key)).toEqual(samples.png);
    expect((await env.MEDIA.head(res.body.key))?.httpMetadata?.contentType).toBe('image/png');
  });

  it.each([
    ['jpeg', samples.jpeg, 'image/jpeg', 'jpg'],
    ['gif', samples.gif, 'image/gif', 'gif'],
    ['webp', samples.webp, 'image/webp', 'webp'],
  ])('accepts %s from its bytes', async (_name, file, contentType, extension) => {
    const { token } = await signUp('reporter');
    const res = await upload('/api/upload/image', token, [{ name: 'file', value: file, filename: 'upload.bin' }]);
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe(contentType);
    expect(res.body.key.endsWith(`.${extension}`)).toBe(true);
  });

  it.each([
    ['a PNG-named HTML file', samples.html, 'cute-cat.png', 'image/png'],
    ['an SVG', samples.svg, 'logo.svg', 'image/svg+xml'],
    ['a renamed Windows executable', samples.exe, 'photo.jpg', 'image/jpeg'],
    ['a renamed ELF executable', samples.elf, 'photo.gif', 'image/gif'],
    ['a video sent as an image', cameraBytes, 'photo.webp', 'image/webp'],
  ])('refuses %s with 415 and stores nothing', async (_name, file, filename, contentType) => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    const res = await upload('/api/upload/image', token, [{ name: 'file', value: file, filename, contentType }]);
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
    expect(await bucketKeys()).toEqual(before);
  });

  it('refuses an image over MAX_IMAGE_BYTES with 413 and stores nothing, with or without a Content-Length', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    // Far over: refused from the Content-Length before reading the body.
    const declared = await upload('/api/upload/image', token, [{ name: 'file', value: pngOf(2 * MiB), filename: 'big.png' }]);
    expect(declared.status).toBe(413);
    // One byte over, with no length to go by: refused while streaming.
    const streamed = await upload('/api/upload/image', token, [{ name: 'file', value: pngOf(MiB + 1), filename: 'big.png' }], {
      stream: true,
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body.error.code).toBe('payload_too_large');
    expect(await bucketKeys()).toEqual(before);

    const justFits = await upload('/api/upload/image', token, [{ name: 'file', value: pngOf(MiB), filename: 'ok.png' }], { stream: true });
    expect(justFits.status).toBe(201);
    expect(justFits.body.size).toBe(MiB);
  });

  it('lets only reporters upload', async () => {
    const before = await bucketKeys();
    const anonymous = await upload('/api/upload/image', null, [{ name: 'file', value: samples.png, filename: 'a.png' }]);
    expect(anonymous.status).toBe(401);
    expect(await bucketKeys()).toEqual(before);
  });

  it('answers 400 for a body that is not multipart or has no file', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    const json = await api('/api/upload/image', { method: 'POST', token, json: { file: 'x' } });
    expect(json.status).toBe(400);
    const noFile = await upload('/api/upload/image', token, [{ name: 'title', value: 'no file here' }]);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.fields.file).toBeDefined();
    const truncated = multipart([{ name: 'file', value: samples.png, filename: 'a.png' }]);
    const cut = await api('/api/upload/image', {
      method: 'POST',
      token,
      body: truncated.body.subarray(0, truncated.body.length - 20),
      headers: { 'Content-Type': truncated.contentType },
    });
    expect(cut.status).toBe(400);
    expect(await bucketKeys()).toEqual(before);
  });
});

describe('POST /api/upload/video', () => {
  it.each([
    ['file', 'mp4', samples.mp4, 'video/mp4'],
    ['video', 'mov', samples.mov, 'video/quicktime'],
    ['file', 'avi', samples.avi, 'video/x-msvideo'],
    ['video', 'webm', cameraBytes, 'video/webm'],
  ])('takes the video in the %s field (%s)', async (field, _kind, file, contentType) => {
    const { token } = await signUp('reporter');
    const res = await upload('/api/upload/video', token, [{ name: field, value: file, filename: 'clip' }]);
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe(contentType);
    expect(res.body.key).toMatch(/^videos\//);
    expect(res.body.story).toBeUndefined();
    expect(byteDifference(await readObject(res.body.key), file)).toBe('equal');
  });

  it('streams a video larger than one part into R2 as a multipart upload, byte for byte', async () => {
    const { token } = await signUp('reporter');
    const file = fileOf(cameraBytes.subarray(0, 4096), 12 * MiB + 12345);
    const res = await upload('/api/upload/video', token, [{ name: 'video', value: file, filename: 'long.webm' }], { stream: true });
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(file.length);
    expect(byteDifference(await readObject(res.body.key), file)).toBe('equal');
  });

  it('refuses an image or an HTML page as a video', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    for (const file of [samples.png, samples.html]) {
      const res = await upload('/api/upload/video', token, [
        { name: 'video', value: file, filename: 'clip.webm', contentType: 'video/webm' },
      ]);
      expect(res.status).toBe(415);
    }
    expect(await bucketKeys()).toEqual(before);
  });

  it('refuses a video over MAX_VIDEO_BYTES after streaming past the limit, keeping nothing', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    const file = fileOf(samples.mp4, 64 * MiB + 1);
    const res = await upload('/api/upload/video', token, [{ name: 'video', value: file, filename: 'huge.mp4' }], { stream: true });
    expect(res.status).toBe(413);
    expect(await bucketKeys()).toEqual(before);
  });

  it('with a title, makes a draft story holding the video, its category picking the beat', async () => {
    const reporter = await signUp('reporter');
    const beat = await createBeat(deps, { name: 'Investigations', description: null });
    await createBeat(deps, { name: 'Politics', description: null });
    // The recorder's field order: the video first, then the fields.
    const res = await upload('/api/upload/video', reporter.token, [
      { name: 'video', value: cameraBytes, filename: `${Date.now()}.webm`, contentType: 'video/webm' },
      { name: 'title', value: 'Council vote <live>' },
      { name: 'description', value: 'Filmed at the town hall & outside' },
      { name: 'category', value: 'investigation' },
    ]);
    expect(res.status).toBe(201);
    const story = res.body.story;
    expect(story).toMatchObject({
      title: 'Council vote <live>',
      slug: 'council-vote-live',
      description: 'Filmed at the town hall & outside',
      status: 'draft',
      videoUrl: res.body.url,
      authorId: reporter.user.id,
      beat: { id: beat.id, name: 'Investigations' },
    });
    expect(story.content).toBe('<p>Filmed at the town hall &amp; outside</p>');
    expect(await deps.stories.findById(story.id)).toMatchObject({ videoUrl: res.body.url });
  });

  it('with a category that has no beat, makes the story without one', async () => {
    const { token } = await signUp('reporter');
    const res = await upload('/api/upload/video', token, [
      { name: 'title', value: 'Storm warning' },
      { name: 'category', value: 'breaking' },
      { name: 'video', value: samples.mp4, filename: 'storm.mp4' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.story.beat).toBeNull();
  });

  it('refuses bad fields with 400 and removes the stored video', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    const badCategory = await upload('/api/upload/video', token, [
      { name: 'video', value: samples.mp4, filename: 'a.mp4' },
      { name: 'title', value: 'Fine title' },
      { name: 'category', value: 'gossip' },
    ]);
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.error.fields.category).toBeDefined();
    const noTitle = await upload('/api/upload/video', token, [
      { name: 'video', value: samples.mp4, filename: 'a.mp4' },
      { name: 'description', value: 'A description but no title' },
    ]);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.fields.title).toBe('Title is required');
    expect(await bucketKeys()).toEqual(before);
  });

  it('with a storyId, attaches the video to a story the caller may edit', async () => {
    const reporter = await signUp('reporter');
    const story = await createStory(reporter.token);
    const res = await upload('/api/upload/video', reporter.token, [
      { name: 'video', value: samples.mp4, filename: 'a.mp4' },
      { name: 'storyId', value: String(story.id) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.story).toMatchObject({ id: story.id, videoUrl: res.body.url, version: story.version + 1 });

    const admin = await signUp('admin');
    const byAdmin = await upload('/api/upload/video', admin.token, [
      { name: 'storyId', value: String(story.id) },
      { name: 'video', value: samples.mov, filename: 'b.mov' },
    ]);
    expect(byAdmin.status).toBe(201);
    expect((await deps.stories.findById(story.id))?.videoUrl).toBe(byAdmin.body.url);
  });

  it('will not attach to someone else’s story, and keeps nothing', async () => {
    const owner = await signUp('reporter');
    const other = await signUp('reporter');
    const draft = await createStory(owner.token);
    const published = await createStory(owner.token, { status: 'published' });
    const before = await bucketKeys();

    const fieldsFirst = await upload('/api/upload/video', other.token, [
      { name: 'storyId', value: String(published.id) },
      { name: 'video', value: samples.mp4, filename: 'a.mp4' },
    ]);
    expect(fieldsFirst.status).toBe(403);
    const fileFirst = await upload('/api/upload/video', other.token, [
      { name: 'video', value: samples.mp4, filename: 'a.mp4' },
      { name: 'storyId', value: String(draft.id) },
    ]);
    // A draft the caller may not see does not exist for them.
    expect(fileFirst.status).toBe(404);
    expect(await bucketKeys()).toEqual(before);
    expect((await deps.stories.findById(draft.id))?.videoUrl).toBeNull();
  });

  it('removes the stored video when the story part fails after it (too long a title, no such story)', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    const res = await upload('/api/upload/video', token, [
      { name: 'video', value: samples.mp4, filename: 'a.mp4' },
      { name: 'title', value: 'x'.repeat(256) },
    ]);
    expect(res.status).toBe(400);
    const missing = await upload('/api/upload/video', token, [
      { name: 'video', value: samples.mp4, filename: 'a.mp4' },
      { name: 'storyId', value: '999999' },
    ]);
    expect(missing.status).toBe(404);
    expect(await bucketKeys()).toEqual(before);
  });
});
