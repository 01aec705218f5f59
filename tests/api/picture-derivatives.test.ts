import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import picture from '../fixtures/levee-480.webp?inline';
import { PICTURE_WIDTHS } from '../../src/domain/media/picture.ts';
import type { MediaStore, PictureResizer } from '../../src/domain/media/ports.ts';
import { api, signUp } from './support/api.ts';
import { runQueuedJobs } from './support/jobs.ts';
import { derivedKeys, multipart } from './support/media.ts';
import { siteApp } from './support/site-app.ts';

/**
 * Issue 26 ("found at the same time"), decision 065: an uploaded picture's widths are made when it is
 * uploaded, by a job of the fan-out, and kept in R2, so its first reader is served as fast as the
 * thousandth; what is not made yet is made once however many readers ask at the same time; HEAD never
 * resizes. The resizer and the media store are the real ones, watched (counted), never replaced.
 */
/** 480 px wide: every width past it is the picture at its own width. */
const pictureBytes = Uint8Array.from(atob(picture.slice(picture.indexOf(',') + 1)), (c) => c.charCodeAt(0));
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

async function uploadPicture(): Promise<{ url: string; key: string }> {
  const { token } = await signUp('reporter');
  const { body, contentType } = multipart([{ name: 'file', value: pictureBytes, filename: 'levee.webp' }]);
  const res = await api('/api/upload/image', {
    method: 'POST',
    token,
    body,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
  });
  expect(res.status).toBe(201);
  return { url: res.body.url, key: (res.body.url as string).replace(/^\/media\//, '') };
}

/** The app with its resizer and media reads counted. */
function watchedSite() {
  const counts = { resizes: 0, originalReads: 0 };
  const site = siteApp({
    adapt: (deps) => {
      const pictures = deps.pictures!;
      const watchedPictures: PictureResizer = {
        dimensions: (bytes) => pictures.dimensions(bytes),
        resize: (bytes, width, format) => {
          counts.resizes++;
          return pictures.resize(bytes, width, format);
        },
      };
      const media = deps.media;
      const watchedMedia: MediaStore = Object.assign(Object.create(Object.getPrototypeOf(media)), media, {
        get: (key: string, range?: never) => {
          if (key.startsWith('images/')) counts.originalReads++;
          return media.get(key, range);
        },
      });
      return { ...deps, pictures: watchedPictures, media: watchedMedia };
    },
  });
  return { site, counts };
}

describe('pictures made when they are uploaded', () => {
  it('are kept in R2 at every width in AVIF and WebP once the upload’s job has run, and served from there', async () => {
    const { key, url } = await uploadPicture();
    expect(await derivedKeys(key)).toEqual([]);
    expect(await runQueuedJobs()).toBe(1);
    const kept = await derivedKeys(key);
    expect(kept.sort()).toEqual(
      PICTURE_WIDTHS.flatMap((width) => [`derivatives/${key}/${width}.avif`, `derivatives/${key}/${width}.webp`]).sort(),
    );
    const wide = await env.MEDIA.head(`derivatives/${key}/1920.avif`);
    expect(wide?.customMetadata).toEqual({ width: '480' });

    const { site, counts } = watchedSite();
    for (const width of PICTURE_WIDTHS) {
      const res = await site(`${url}?w=${width}`, { headers: { Accept: BROWSER_ACCEPT } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/avif');
      expect(res.headers.get('x-picture-source')).toBe('kept');
      expect(res.headers.get('x-picture-width')).toBe(String(Math.min(width, 480)));
      expect(res.headers.get('content-length')).toBe(String(res.bytes.length));
    }
    const webp = await site(`${url}?w=640`, { headers: { Accept: 'image/webp' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(counts).toEqual({ resizes: 0, originalReads: 0 });
  });

  it('run once however often the job’s message comes, and a job for a picture that is gone fails without a retry', async () => {
    const { key } = await uploadPicture();
    const { deliverJobMessages } = await import('./support/jobs.ts');
    const { deps } = await import('./support/api.ts');
    const due = await deps.jobs.ledger.takeStranded(new Date().toISOString(), new Date().toISOString(), 10);
    expect(due).toHaveLength(1);
    const [first, second] = await Promise.all([deliverJobMessages(due), deliverJobMessages(due)]);
    expect([...first.explicitAcks, ...second.explicitAcks]).toHaveLength(2);
    expect(await derivedKeys(key)).toHaveLength(PICTURE_WIDTHS.length * 2);

    await env.MEDIA.delete(key);
    const orphanJob = await deps.jobs.ledger.create(
      [{ id: crypto.randomUUID(), kind: 'picture.derivatives', ref: `${key}-gone` }],
      new Date().toISOString(),
    );
    const result = await deliverJobMessages(orphanJob.map((job) => ({ jobId: job.id, kind: job.kind })));
    expect(result.retryMessages).toEqual([]);
    const row = await env.DB.prepare('SELECT state, last_error FROM jobs WHERE id = ?').bind(orphanJob[0]!.id).first();
    expect(row).toEqual({ state: 'failed', last_error: 'The picture is gone' });
  });
});

describe('pictures nobody has made yet', () => {
  it('share one read of the original and one resize among readers who ask at the same time, and are kept after', async () => {
    const { url, key } = await uploadPicture();
    const { site, counts } = watchedSite();
    const answers = await Promise.all(Array.from({ length: 6 }, () => site(`${url}?w=320`, { headers: { Accept: 'image/png' } })));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.bytes).toEqual(answers[0]!.bytes);
    }
    expect(counts).toEqual({ resizes: 1, originalReads: 1 });
    // Kept in R2 for every reader after, in every data centre.
    await vi.waitFor(async () => expect(await derivedKeys(key)).toEqual([`derivatives/${key}/320.jpg`]));
    const later = await site(`${url}?w=320`, { headers: { Accept: 'image/png' } });
    expect(later.headers.get('x-picture-source')).toBe('kept');
    expect(counts).toEqual({ resizes: 1, originalReads: 1 });
  });

  it('are never resized for HEAD, which still answers their type', async () => {
    const { url, key } = await uploadPicture();
    const { site, counts } = watchedSite();
    const head = await site(`${url}?w=480`, { method: 'HEAD', headers: { Accept: BROWSER_ACCEPT } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/avif');
    expect(head.headers.get('vary')).toBe('Accept');
    expect(head.bytes.length).toBe(0);
    expect(counts).toEqual({ resizes: 0, originalReads: 0 });
    expect(await derivedKeys(key)).toEqual([]);

    await runQueuedJobs();
    const keptHead = await site(`${url}?w=480`, { method: 'HEAD', headers: { Accept: BROWSER_ACCEPT } });
    const kept = await env.MEDIA.head(`derivatives/${key}/480.avif`);
    expect(keptHead.headers.get('content-length')).toBe(String(kept!.size));
    expect(keptHead.headers.get('x-picture-width')).toBe('480');
    expect(counts).toEqual({ resizes: 0, originalReads: 0 });
  });
});
