import { env } from 'cloudflare:workers';
import { WebVTTParser, type CueNode } from 'webvtt-parser';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildDeps } from '../../src/adapters/compose.ts';
import { createApp } from '../../src/adapters/http/app.ts';
import { StoredVideoAudio } from '../../src/adapters/media/stored-video-audio.ts';
import type { CaptionTrackAnswer } from '../../src/domain/captions/entities.ts';
import { transcribeTrack } from '../../src/services/captions/transcribe-track.ts';
import { TEST_PHRASES } from '../../scripts/lib/transcriber-stand-in/phrases.ts';
import type { HeardRequest } from '../../scripts/lib/transcriber-stand-in/transcriber-stand-in.ts';
import { TEST_TRANSCRIBE_API_KEY, TEST_TRANSCRIBE_MODEL } from '../support/transcriber-plan.ts';
import { api, createStory, deps, expectError, signUp } from './support/api.ts';
import { runQueuedJobs } from './support/jobs.ts';
import { multipart } from './support/media.ts';
import { cameraChunks, publish, sendAll, startStream } from './support/live.ts';

/**
 * Captions and transcripts (docs/product/api-captions.md), against real local D1 and R2 and the
 * stand-in transcriber (scripts/lib/transcriber-stand-in), which decodes what it is sent. Videos
 * with real speech (espeak-ng) are made by the stand-in; what we serve is read by webvtt-parser.
 */
const standIn = inject('transcriberOrigin');

interface SpokenVideo {
  bytes: Uint8Array;
  contentType: string;
  phrases: { text: string; start: number; end: number }[];
}

const videos = new Map<string, Promise<SpokenVideo>>();
function spokenVideo(phrases: number[], container: 'webm' | 'mp4' = 'webm'): Promise<SpokenVideo> {
  const key = `${container}:${phrases.join(',')}`;
  if (!videos.has(key)) {
    videos.set(
      key,
      (async () => {
        const res = await fetch(`${standIn}/_stand-in/video?phrases=${phrases.join(',')}&container=${container}`);
        if (!res.ok) throw new Error(`the stand-in made no video: ${res.status}`);
        return {
          bytes: new Uint8Array(await res.arrayBuffer()),
          contentType: res.headers.get('content-type')!,
          phrases: JSON.parse(decodeURIComponent(res.headers.get('x-phrases')!)) as SpokenVideo['phrases'],
        };
      })(),
    );
  }
  return videos.get(key)!;
}

async function heard(): Promise<HeardRequest[]> {
  return (await fetch(`${standIn}/_stand-in/requests`)).json();
}
async function forget(): Promise<void> {
  await fetch(`${standIn}/_stand-in/requests`, { method: 'DELETE' });
}
async function standInMode(mode: object): Promise<void> {
  await fetch(`${standIn}/_stand-in/mode`, { method: 'POST', body: JSON.stringify(mode) });
}

async function uploadVideo(token: string, storyId: number, video: SpokenVideo) {
  const { body, contentType } = multipart([
    { name: 'storyId', value: String(storyId) },
    {
      name: 'video',
      value: video.bytes,
      filename: video.contentType === 'video/mp4' ? 'clip.mp4' : 'clip.webm',
      contentType: video.contentType,
    },
  ]);
  const res = await api('/api/upload/video', {
    method: 'POST',
    token,
    body,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
  });
  expect(res.status).toBe(201);
  return res.body as { url: string };
}

function uploadCaptions(token: string | null, storyId: number, file: string | Uint8Array, fields: Record<string, string> = { lang: 'en' }) {
  const { body, contentType } = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: file, filename: 'captions.vtt', contentType: 'text/vtt' },
  ]);
  return api<CaptionTrackAnswer & { error?: { code: string; fields: Record<string, string> } }>(`/api/stories/${storyId}/captions`, {
    method: 'POST',
    token,
    body,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
  });
}

/** A cue's text as a player shows it: the parser's text nodes (references decoded, tags gone). */
function shownText(node: CueNode): string {
  return node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(shownText).join('');
}

/**
 * webvtt-parser 2.2.0 decodes `&amp;` to `&;` with its own table (it matches `&amp` and keeps the `;`):
 * it is given the references with their semicolons, as the WebVTT spec writes them.
 */
const REFERENCES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&lrm;': '\u200e', '&rlm;': '\u200f', '&nbsp;': '\u00a0' };

function readVtt(text: string) {
  const parsed = new WebVTTParser(REFERENCES).parse(text, 'metadata');
  expect(parsed.errors).toEqual([]);
  return parsed.cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: shownText(cue.tree) }));
}

async function tracksOf(storyId: number, token: string | null = null) {
  const res = await api<CaptionTrackAnswer[]>(`/api/stories/${storyId}/captions`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

// Timeouts are generous on purpose (180 s a test): each uploads a video, runs the transcription job and
// reads the result through workerd, and the shared 2-core machine can be slow; nothing here is timed.
let reporter: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  reporter = await signUp('reporter');
  // Made once, first (the stand-in takes a few seconds each), and a first story published here so
  // that loading the fediverse's library (on a file's first publish) is not charged to a test.
  await Promise.all([spokenVideo([0, 1, 2]), spokenVideo([1, 3, 2], 'mp4'), createStory(reporter.token, { status: 'published' })]);
}, 300_000);

describe('a new video gets captions by itself', () => {
  it('an uploaded WebM: audio only to the transcriber, cues where the words are spoken, served as valid WebVTT', async () => {
    const video = await spokenVideo([0, 1, 2]);
    const story = await createStory(reporter.token, { status: 'published' });
    await forget();
    const uploaded = await uploadVideo(reporter.token, story.id, video);

    const [pending] = await tracksOf(story.id, reporter.token);
    expect(pending).toMatchObject({ kind: 'captions', source: 'auto', state: 'pending', reviewed: false, lang: 'und', error: null });
    // Readers see no track until it is ready.
    expect(await tracksOf(story.id)).toEqual([]);

    await runQueuedJobs();
    const [ready] = await tracksOf(story.id, reporter.token);
    expect(ready).toMatchObject({ id: pending!.id, source: 'auto', state: 'ready', lang: 'en', label: 'English (automatic)' });

    // What the transcriber was sent: the audio alone, in a container it takes, as the settings say.
    const requests = await heard();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      streams: ['audio:opus'],
      contentType: 'audio/webm',
      model: TEST_TRANSCRIBE_MODEL,
      responseFormat: 'verbose_json',
      authorization: `Bearer ${TEST_TRANSCRIBE_API_KEY}`,
      status: 200,
    });
    expect(requests[0]!.bytes).toBeLessThan(video.bytes.length / 2);

    // A reader's player reads it: valid WebVTT, CORS for any site, each phrase when it is said.
    const [readerTrack] = await tracksOf(story.id);
    expect(readerTrack).toMatchObject({ id: ready!.id, url: `/api/stories/${story.id}/captions/${ready!.id}.vtt` });
    expect(readerTrack).not.toHaveProperty('error');
    const vtt = await api(readerTrack!.url);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers.get('access-control-allow-origin')).toBe('*');
    expect(vtt.text).toMatch(/^WEBVTT\n\n\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}\n/);
    const cues = readVtt(vtt.text);
    expect(cues.map((cue) => cue.text)).toEqual(video.phrases.map((phrase) => phrase.text));
    cues.forEach((cue, i) => {
      expect(Math.abs(cue.start - video.phrases[i]!.start)).toBeLessThan(0.1);
      expect(Math.abs(cue.end - video.phrases[i]!.end)).toBeLessThan(0.1);
    });
    expect(uploaded.url).toMatch(/^\/media\/videos\//);
  }, 180_000);

  it('an MP4 in pieces: each piece is M4A and its cues are shifted by where it starts', async () => {
    const video = await spokenVideo([1, 3, 2], 'mp4');
    const story = await createStory(reporter.token);
    const uploaded = await uploadVideo(reporter.token, story.id, video);
    const [track] = await deps.captions.listForStory(story.id);
    await forget();
    // The same job, with pieces of 5 s instead of 10 minutes: several pieces from a short clip.
    const shortPieces = { ...deps, audio: new StoredVideoAudio(deps.media, { maxSeconds: 5 }) };
    expect(await transcribeTrack(shortPieces, `${track!.id}:${track!.version}`, { lastAttempt: false })).toEqual({ status: 'done' });

    const requests = await heard();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const request of requests) expect(request).toMatchObject({ streams: ['audio:aac'], contentType: 'audio/mp4', status: 200 });
    const done = await deps.captions.findById(track!.id);
    expect(done).toMatchObject({ state: 'ready', videoUrl: uploaded.url });
    // A phrase cut by a piece's end is heard as two sounds; every whole phrase is where it was said.
    for (const phrase of video.phrases) {
      const cue = done!.cues.find((candidate) => candidate.text === phrase.text);
      if (cue) expect(Math.abs(cue.start - phrase.start)).toBeLessThan(0.1);
    }
    expect(done!.cues.filter((cue) => video.phrases.some((phrase) => phrase.text === cue.text)).length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < done!.cues.length; i++) expect(done!.cues[i]!.start).toBeGreaterThanOrEqual(done!.cues[i - 1]!.start);
    expect(done!.cues.at(-1)!.end).toBeGreaterThan(video.phrases.at(-1)!.end - 0.2);
  }, 180_000);

  it('the end of a live stream: its recording keeps the captions heard on air, ready at once, the camera’s Opus sent in windows', async () => {
    await forget();
    const stream = await startStream(reporter.token, 'Captions from the harbour');
    const publisher = await publish(stream.id, reporter.token);
    await sendAll(publisher, cameraChunks);
    expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token })).status).toBe(200);
    await publisher.waitForClose();
    const story = await deps.stories.findById(stream.storyId);
    const [track] = await tracksOf(stream.storyId, reporter.token);
    expect(track).toMatchObject({ source: 'auto', state: 'ready' });
    const kept = (await deps.captions.findById(track!.id))!;
    expect(kept).toMatchObject({ videoUrl: story!.videoUrl, streamId: stream.id });
    // The camera fixture's sound is a tone, not a phrase: what matters is that its audio went in live windows, and was heard.
    const windows = await heard();
    expect(windows.length).toBeGreaterThan(0);
    for (const request of windows) expect(request).toMatchObject({ streams: ['audio:opus'], status: 200 });
    // No second transcription of the whole recording.
    await runQueuedJobs();
    expect((await heard()).length).toBe(windows.length);
  }, 120_000);

  it('the end of a live stream whose windows were not all heard: the recording is transcribed whole', async () => {
    const stream = await startStream(reporter.token, 'Captions from the pier');
    const publisher = await publish(stream.id, reporter.token);
    // Every live window answered with garbage: given up, so the live track is not the whole of it.
    await standInMode({ kind: 'garbage', times: 1000 });
    try {
      await sendAll(publisher, cameraChunks);
      expect((await api(`/api/streams/${stream.id}/end`, { method: 'POST', token: reporter.token })).status).toBe(200);
      await publisher.waitForClose();
    } finally {
      await standInMode({ kind: 'normal' });
    }
    const story = await deps.stories.findById(stream.storyId);
    const [track] = await tracksOf(stream.storyId, reporter.token);
    expect(track).toMatchObject({ source: 'auto', state: 'pending' });
    expect((await deps.captions.findById(track!.id))!.videoUrl).toBe(story!.videoUrl);
    await forget();
    await runQueuedJobs();
    expect((await heard()).map((request) => [request.streams, request.status])).toEqual([[['audio:opus'], 200]]);
    expect((await tracksOf(stream.storyId, reporter.token))[0]).toMatchObject({ state: 'ready' });
  }, 180_000);

  it('a new video replaces the automatic track, never an uploaded one', async () => {
    const story = await createStory(reporter.token);
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    const [auto] = await tracksOf(story.id, reporter.token);
    const uploaded = await uploadCaptions(reporter.token, story.id, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBy hand\n', { lang: 'fr' });
    expect(uploaded.status).toBe(201);
    await uploadVideo(reporter.token, story.id, await spokenVideo([1, 3, 2], 'mp4'));
    const after = await tracksOf(story.id, reporter.token);
    expect(after.map((track) => track.id)).not.toContain(auto!.id);
    expect(after.map((track) => [track.source, track.state])).toEqual(
      expect.arrayContaining([
        ['uploaded', 'ready'],
        ['auto', 'pending'],
      ]),
    );
    expect(after).toHaveLength(2);
  }, 180_000);
});

describe('caption files by hand', () => {
  it('takes WebVTT and SubRip, in order, as valid WebVTT', async () => {
    const story = await createStory(reporter.token, { status: 'published' });
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    const srt = '2\r\n00:00:05,000 --> 00:00:06,500\r\n<i>Second</i>\r\n\r\n1\r\n00:00:01,000 --> 00:00:03,000\r\nFirst & foremost\r\n';
    const res = await uploadCaptions(reporter.token, story.id, srt, { lang: 'en-GB', label: 'English (UK)' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'uploaded', state: 'ready', lang: 'en-GB', label: 'English (UK)', version: 1 });
    expect(res.body.cues).toEqual([
      { start: 1, end: 3, text: 'First & foremost' },
      { start: 5, end: 6.5, text: 'Second' },
    ]);
    const vtt = await api(res.body.url);
    expect(readVtt(vtt.text)).toEqual([
      { start: 1, end: 3, text: 'First & foremost' },
      { start: 5, end: 6.5, text: 'Second' },
    ]);
  }, 180_000);

  it('refuses bad files with their first bad line, and keeps nothing', async () => {
    const story = await createStory(reporter.token);
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    const before = await tracksOf(story.id, reporter.token);
    const cases: [string | Uint8Array, number, string][] = [
      ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\n00:00:05.000 --> 00:00:04.000\nbackwards\n', 400, 'line 6: end before start'],
      ['<html>not captions</html>', 400, 'line 1: not a WebVTT file'],
      [`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'word '.repeat(120)}\n`, 400, 'line 4: cue text over 500 characters'],
      [
        Uint8Array.of(...new TextEncoder().encode('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n'), 0xff, 0xfe, 0x0a),
        400,
        'line 4: not UTF-8 text',
      ],
      [`WEBVTT\n\n${'00:00:01.000 --> 00:00:02.000\nx\n\n'.repeat(40_000)}`, 413, 'At most 1 MB'],
    ];
    for (const [file, status, reason] of cases) {
      const res = await uploadCaptions(reporter.token, story.id, file);
      expect(res.status).toBe(status);
      expect(res.body.error!.fields.file).toContain(reason);
    }
    expectError(
      await uploadCaptions(reporter.token, story.id, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n', { lang: 'not a language' }),
      400,
    );
    expect(await tracksOf(story.id, reporter.token)).toEqual(before);

    const noVideo = await createStory(reporter.token);
    expectError(await uploadCaptions(reporter.token, noVideo.id, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n'), 422, 'no_video');
    expect(await tracksOf(noVideo.id, reporter.token)).toEqual([]);
  }, 180_000);

  it('only the author, editors and admins change captions', async () => {
    const story = await createStory(reporter.token);
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    const other = await signUp('reporter');
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n';
    expectError(await uploadCaptions(null, story.id, vtt), 401);
    expectError(await uploadCaptions(other.token, story.id, vtt), 404);
    const admin = await signUp('admin');
    expect((await uploadCaptions(admin.token, story.id, vtt)).status).toBe(201);
  }, 180_000);
});

describe('editing a track', () => {
  it('saves the cues at the version read, 409 stale_version after, and serves the edit', async () => {
    const story = await createStory(reporter.token, { status: 'published' });
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    await runQueuedJobs();
    const [track] = await tracksOf(story.id, reporter.token);
    const full = await api<CaptionTrackAnswer>(`/api/stories/${story.id}/captions/${track!.id}`, { token: reporter.token });
    const cues = full.body.cues!.map((cue, i) => (i === 1 ? { ...cue, text: 'The Harbour Bridge is closed tonight.' } : cue));
    const saved = await api<CaptionTrackAnswer>(`/api/stories/${story.id}/captions/${track!.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: { cues, version: full.body.version, reviewed: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ source: 'edited', state: 'ready', reviewed: true, version: full.body.version + 1 });
    expect(readVtt((await api(track!.url)).text)[1]!.text).toBe('The Harbour Bridge is closed tonight.');

    const stale = await api(`/api/stories/${story.id}/captions/${track!.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: { cues, version: full.body.version },
    });
    expectError(stale, 409, 'stale_version');

    const backwards = await api(`/api/stories/${story.id}/captions/${track!.id}`, {
      method: 'PUT',
      token: reporter.token,
      json: { cues: [{ start: 4, end: 3, text: 'x' }], version: saved.body.version },
    });
    expect(expectError(backwards, 400).fields).toEqual({ 'cues.0': 'Cue 1: end before start' });
    expectError(
      await api(`/api/stories/${story.id}/captions/${track!.id}`, {
        method: 'PUT',
        token: reporter.token,
        json: { cues: [{ start: 1, end: 3, text: 'x'.repeat(501) }], version: saved.body.version },
      }),
      400,
    );
    expect((await deps.captions.findById(track!.id))!.version).toBe(saved.body.version);

    expect((await api(`/api/stories/${story.id}/captions/${track!.id}`, { method: 'DELETE', token: reporter.token })).status).toBe(204);
    expectError(await api(track!.url), 404);
    expect(await tracksOf(story.id, reporter.token)).toEqual([]);
  }, 180_000);
});

describe('Generate', () => {
  it('answers 202 pending, and 503 transcription_not_configured without a transcriber', async () => {
    const story = await createStory(reporter.token);
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    await runQueuedJobs();
    const generated = await api<CaptionTrackAnswer>(`/api/stories/${story.id}/captions/generate`, {
      method: 'POST',
      token: reporter.token,
      json: { lang: 'en' },
    });
    expect(generated.status).toBe(202);
    expect(generated.body).toMatchObject({ state: 'pending', source: 'auto', lang: 'en' });
    expect(await tracksOf(story.id, reporter.token)).toHaveLength(1);
    await runQueuedJobs();
    expect((await tracksOf(story.id, reporter.token))[0]).toMatchObject({ state: 'ready', lang: 'en' });

    const without = createApp(buildDeps({ ...env, TRANSCRIBE_URL: '' } as Env));
    const res = await without.fetch(
      new Request(`http://newsroom.test/api/stories/${story.id}/captions/generate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${reporter.token}` },
      }),
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('transcription_not_configured');
  }, 180_000);

  it('a transcriber that answers garbage leaves the track failed with the reason, never a broken VTT', async () => {
    const story = await createStory(reporter.token, { status: 'published' });
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    await standInMode({ kind: 'garbage', times: 1 });
    await runQueuedJobs();
    const [track] = await tracksOf(story.id, reporter.token);
    expect(track).toMatchObject({ state: 'failed' });
    expect(track!.error).toMatch(/segment 0 is not \{start, end, text\}/);
    expect(await tracksOf(story.id)).toEqual([]);
    expectError(await api(track!.url), 404);
  }, 180_000);

  it('a busy transcriber (429) is tried again: twice at once, then later by the job', async () => {
    const story = await createStory(reporter.token);
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    await standInMode({ kind: 'busy', status: 429, times: 2 });
    await runQueuedJobs();
    expect((await tracksOf(story.id, reporter.token))[0]).toMatchObject({ state: 'ready' });

    await standInMode({ kind: 'busy', status: 503, times: 5 });
    const again = await api<CaptionTrackAnswer>(`/api/stories/${story.id}/captions/generate`, { method: 'POST', token: reporter.token });
    await runQueuedJobs();
    const track = await deps.captions.findById(again.body.id);
    expect(track).toMatchObject({ state: 'pending' });
    const job = await env.DB.prepare("SELECT state, attempts, last_error FROM jobs WHERE kind = 'captions.transcribe' AND ref = ?")
      .bind(`${track!.id}:${track!.version}`)
      .first<{ state: string; attempts: number; last_error: string }>();
    expect(job).toMatchObject({ state: 'pending' });
    expect(job!.last_error).toContain('the transcriber answered 503');
    await standInMode({ kind: 'normal' });
  }, 180_000);
});

describe('a gated story’s captions follow its text', () => {
  it('shows nothing to a reader without access', async () => {
    const story = await createStory(reporter.token, { status: 'published', access: 'paid' });
    await uploadVideo(reporter.token, story.id, await spokenVideo([0, 1, 2]));
    await runQueuedJobs();
    const [track] = await tracksOf(story.id, reporter.token);
    expect(track).toMatchObject({ state: 'ready' });
    const anonymous = await api(`/api/stories/${story.id}/captions`);
    expect(anonymous.body).toEqual([]);
    expect(anonymous.headers.get('x-story-access')).toBe('paid');
    expectError(await api(track!.url), 404);
    expect((await api(track!.url, { token: reporter.token })).status).toBe(200);
  }, 180_000);
});

it('the phrases the tests speak are told apart by the stand-in', () => {
  expect(new Set(TEST_PHRASES).size).toBe(TEST_PHRASES.length);
});
