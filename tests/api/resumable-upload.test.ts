import { describe, expect, it } from 'vitest';
import camera from '../fixtures/camera-vp9-opus.webm?inline';
import { api, createStory, deps, signUp } from './support/api.ts';
import { MiB, bucketKeys, byteDifference, fileOf, readObject, samples } from './support/media.ts';
import { createBeat } from '../../src/services/beats/beat-save.ts';

const cameraHead = Uint8Array.from(atob(camera.slice(camera.indexOf(',') + 1)), (c) => c.charCodeAt(0)).subarray(0, 8192);
const PART = 5 * MiB;

function create(token: string | null, json: Record<string, unknown>) {
  return api('/api/uploads', { method: 'POST', token, json });
}

function putPart(token: string | null, uploadId: string, n: number, bytes: Uint8Array) {
  return api(`/api/uploads/${uploadId}/parts/${n}`, {
    method: 'PUT',
    token,
    body: bytes,
    headers: { 'Content-Length': String(bytes.length) },
  });
}

function partOf(file: Uint8Array, n: number) {
  return file.subarray((n - 1) * PART, n * PART);
}

describe('resumable uploads', () => {
  // Three full parts and a short last one.
  const file = fileOf(cameraHead, 3 * PART + 1234 * 1024 + 17);

  it('plans equal parts, takes them in any order after the first, and completes byte for byte', async () => {
    const { token } = await signUp('reporter');
    const created = await create(token, { filename: 'interview.webm', size: file.length, kind: 'video' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      size: file.length,
      partSize: PART,
      partCount: 4,
      status: 'open',
      key: null,
      uploadedParts: [],
      missingParts: [1, 2, 3, 4],
    });
    const { uploadId } = created.body;

    for (const n of [1, 4, 2, 3]) {
      const res = await putPart(token, uploadId, n, partOf(file, n));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ uploadId, partNumber: n, size: partOf(file, n).length });
    }
    const status = await api(`/api/uploads/${uploadId}`, { token });
    expect(status.body).toMatchObject({ uploadedParts: [1, 2, 3, 4], missingParts: [], contentType: 'video/webm' });
    expect(status.body.key).toMatch(/^videos\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webm$/);

    const done = await api(`/api/uploads/${uploadId}/complete`, { method: 'POST', token });
    expect(done.status).toBe(201);
    expect(done.body).toEqual({ url: `/media/${status.body.key}`, key: status.body.key, contentType: 'video/webm', size: file.length });
    expect(byteDifference(await readObject(done.body.key), file)).toBe('equal');
    expect((await api(`/api/uploads/${uploadId}`, { token })).body.status).toBe('completed');
    expect((await putPart(token, uploadId, 2, partOf(file, 2))).status).toBe(409);
  });

  it('resumes after a dropped part: reports what is missing, refuses to complete, then completes', async () => {
    const { token } = await signUp('reporter');
    const { uploadId } = (await create(token, { filename: 'long.webm', size: file.length })).body;
    await putPart(token, uploadId, 1, partOf(file, 1));
    // Part 2 "drops": its connection ends early, so R2 never gets the whole part.
    const dropped = await api(`/api/uploads/${uploadId}/parts/2`, {
      method: 'PUT',
      token,
      body: partOf(file, 2).subarray(0, 1000),
      headers: { 'Content-Length': String(PART) },
    });
    expect(dropped.status).toBe(400);
    await putPart(token, uploadId, 3, partOf(file, 3));
    await putPart(token, uploadId, 4, partOf(file, 4));

    const status = await api(`/api/uploads/${uploadId}`, { token });
    expect(status.body).toMatchObject({ uploadedParts: [1, 3, 4], missingParts: [2] });
    const early = await api(`/api/uploads/${uploadId}/complete`, { method: 'POST', token });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'missing_parts', missingParts: [2] });

    // The same part sent twice is fine: the last one counts.
    expect((await putPart(token, uploadId, 2, partOf(file, 2))).status).toBe(200);
    expect((await putPart(token, uploadId, 2, partOf(file, 2))).status).toBe(200);
    const done = await api(`/api/uploads/${uploadId}/complete`, { method: 'POST', token });
    expect(done.status).toBe(201);
    expect(byteDifference(await readObject(done.body.key), file)).toBe('equal');
  });

  it('creates a draft story, or attaches to one, on complete', async () => {
    const reporter = await signUp('reporter');
    const beat = await createBeat(deps, { name: 'Local News', description: 'Around town' });
    const small = fileOf(cameraHead, 40_000);
    const { uploadId } = (await create(reporter.token, { size: small.length })).body;
    expect((await putPart(reporter.token, uploadId, 1, small)).status).toBe(200);
    const done = await api(`/api/uploads/${uploadId}/complete`, {
      method: 'POST',
      token: reporter.token,
      json: { title: 'Market day', description: 'Stalls and stories', category: 'local' },
    });
    expect(done.status).toBe(201);
    expect(done.body.story).toMatchObject({ title: 'Market day', status: 'draft', videoUrl: done.body.url, beat: { id: beat.id } });

    const story = await createStory(reporter.token);
    const second = (await create(reporter.token, { size: small.length })).body.uploadId;
    await putPart(reporter.token, second, 1, small);
    const attached = await api(`/api/uploads/${second}/complete`, { method: 'POST', token: reporter.token, json: { storyId: story.id } });
    expect(attached.status).toBe(201);
    expect(attached.body.story).toMatchObject({ id: story.id, videoUrl: attached.body.url });
  });

  it('decides the type from part 1 and refuses anything else with 415, aborting the upload and storing nothing', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    for (const head of [samples.html, samples.exe, samples.svg]) {
      const junk = fileOf(head, PART + 10);
      const { uploadId } = (await create(token, { size: junk.length, filename: 'movie.mp4' })).body;
      const res = await putPart(token, uploadId, 1, partOf(junk, 1));
      expect(res.status).toBe(415);
      expect((await api(`/api/uploads/${uploadId}`, { token })).body.status).toBe('aborted');
      expect((await putPart(token, uploadId, 2, partOf(junk, 2))).status).toBe(409);
    }
    // An image is not a video either, and a video is not an image.
    const png = (await create(token, { size: 5000, kind: 'video' })).body.uploadId;
    expect((await putPart(token, png, 1, fileOf(samples.png, 5000))).status).toBe(415);
    const webm = (await create(token, { size: 5000, kind: 'image' })).body.uploadId;
    expect((await putPart(token, webm, 1, fileOf(cameraHead, 5000))).status).toBe(415);
    expect(await bucketKeys()).toEqual(before);
  });

  it('wants part 1 first and parts of exactly the planned length', async () => {
    const { token } = await signUp('reporter');
    const { uploadId } = (await create(token, { size: file.length })).body;
    expect((await putPart(token, uploadId, 2, partOf(file, 2))).status).toBe(409);
    expect((await putPart(token, uploadId, 1, partOf(file, 1).subarray(1))).status).toBe(400);
    expect((await putPart(token, uploadId, 5, partOf(file, 4))).status).toBe(400);
    expect((await putPart(token, uploadId, 0, partOf(file, 1))).status).toBe(400);
  });

  it('refuses a file over the limit when the upload is created (413)', async () => {
    const { token } = await signUp('reporter');
    expect((await create(token, { size: 64 * MiB + 1 })).status).toBe(413);
    expect((await create(token, { size: 2 * MiB, kind: 'image' })).status).toBe(413);
    expect((await create(token, { size: 0 })).status).toBe(400);
    expect((await create(token, { size: 10, kind: 'audio' })).status).toBe(400);
  });

  it('lets only the owner continue, see or cancel an upload', async () => {
    const owner = await signUp('reporter');
    const other = await signUp('reporter');
    const admin = await signUp('admin');
    expect((await create(null, { size: 100 })).status).toBe(401);
    const { uploadId } = (await create(owner.token, { size: file.length })).body;
    for (const token of [other.token, admin.token]) {
      expect((await api(`/api/uploads/${uploadId}`, { token })).status).toBe(404);
      expect((await putPart(token, uploadId, 1, partOf(file, 1))).status).toBe(404);
      expect((await api(`/api/uploads/${uploadId}/complete`, { method: 'POST', token })).status).toBe(404);
      expect((await api(`/api/uploads/${uploadId}`, { method: 'DELETE', token })).status).toBe(404);
    }
    expect((await putPart(null, uploadId, 1, partOf(file, 1))).status).toBe(401);
    expect((await api(`/api/uploads/${uploadId}`, { token: owner.token })).body.uploadedParts).toEqual([]);
  });

  it('aborts on DELETE: the parts go, nothing is stored, and the upload cannot go on', async () => {
    const { token } = await signUp('reporter');
    const before = await bucketKeys();
    const { uploadId } = (await create(token, { size: file.length })).body;
    await putPart(token, uploadId, 1, partOf(file, 1));
    expect((await api(`/api/uploads/${uploadId}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/api/uploads/${uploadId}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await putPart(token, uploadId, 2, partOf(file, 2))).status).toBe(409);
    expect((await api(`/api/uploads/${uploadId}/complete`, { method: 'POST', token })).status).toBe(409);
    expect(await bucketKeys()).toEqual(before);
  });
});
