import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeToPcm,
  HEARING_RATE,
  phraseLengths,
  probe,
  soundRegions,
  spokenVideo,
  withTempFile,
  type Probed,
  type SpokenVideo,
} from './speech.ts';
import { TEST_PHRASES } from './phrases.ts';

/**
 * A stand-in of OpenAI's transcription API (POST /v1/audio/transcriptions, multipart `file`, `model`,
 * `response_format`, `language`), for the captions' tests, journeys and benchmark (decision 126).
 * It really decodes what it is sent (ffprobe and ffmpeg): a file with a video stream, without an
 * audio stream, or that does not decode is refused with 400 as OpenAI would. It is not speech
 * recognition: it finds where there is sound (20-ms energy, short pauses bridged) and names each
 * sound by the known test phrase (TEST_PHRASES, spoken by espeak-ng) whose length is nearest, or
 * `[speech]` when none is near: timings come from the audio itself, words from that phrasebook.
 * `delayMs` makes it answer in a set time (the benchmark's 2-s transcriber); modes make it busy
 * (429/503) or answer garbage, for the failure tests.
 */

export type StandInMode = { kind: 'normal' } | { kind: 'busy'; status: 429 | 503; times: number } | { kind: 'garbage'; times: number };

export interface HeardRequest {
  at: number;
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  authorization: string | null;
  filename: string | null;
  contentType: string | null;
  bytes: number;
  streams: string[];
  duration: number;
  status: number;
  /** Wall time spent on ffprobe and ffmpeg for this request (0 when the same bytes were decoded before, with `decodeOnce`). */
  decodeMs: number;
  /** When the answer was sent (0 until then). */
  answeredAt: number;
}

export interface StandInOptions {
  port?: number;
  host?: string;
  phrases?: readonly string[];
  delayMs?: number;
  /** Keeps only this many requests in the log. */
  logLimit?: number;
  /**
   * Decodes the same bytes once and answers again from what was heard: a benchmark's streams send
   * identical audio, and decoding it once per stream would put the stand-in's own work on the cores
   * it measures the worker on. Each distinct file is still decoded (and refused when it does not).
   */
  decodeOnce?: boolean;
}

type Decoded = { probed: Probed; pcm: Int16Array; failure?: undefined } | { failure: string };

/** Distinct files remembered with `decodeOnce`: the oldest is let go past this. */
const DECODED_KEPT = 500;

const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, message: string): void {
  json(res, status, { error: { message, type: 'invalid_request_error', param: 'file', code: null } });
}

async function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_UPLOAD_BYTES + 1024 * 1024) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class TranscriberStandIn {
  readonly requests: HeardRequest[] = [];
  mode: StandInMode = { kind: 'normal' };
  delayMs: number;
  /** Measured on first use (espeak-ng and ffmpeg take a few seconds), then kept. */
  private lengths: Promise<Map<string, number>> | null = null;
  private readonly videos = new Map<string, Promise<SpokenVideo>>();
  private readonly phrases: readonly string[];
  private readonly decodeOnce: boolean;
  private readonly decoded = new Map<string, Promise<Decoded>>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    options: StandInOptions,
  ) {
    this.delayMs = options.delayMs ?? 0;
    this.phrases = options.phrases ?? TEST_PHRASES;
    this.decodeOnce = options.decodeOnce ?? false;
  }

  /** The endpoint itself: what TRANSCRIBE_URL is set to. */
  get url(): string {
    return `${this.origin}/v1/audio/transcriptions`;
  }

  static async start(options: StandInOptions = {}): Promise<TranscriberStandIn> {
    let standIn: TranscriberStandIn | null = null;
    const server = createServer((req, res) => {
      standIn!.handle(req, res).catch((error: unknown) => {
        // A client that went away mid-request (a server stopped with a window in flight) is no failure of ours.
        if (req.destroyed && (error as { code?: string }).code === 'ECONNRESET') return;
        console.error('transcriber stand-in:', error);
        if (!res.headersSent) json(res, 500, { error: { message: 'stand-in failure' } });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
    });
    const { port } = server.address() as AddressInfo;
    standIn = new TranscriberStandIn(server, `http://${options.host ?? '127.0.0.1'}:${port}`, options);
    return standIn;
  }

  /** Each known phrase and how long it sounds. */
  phraseLengths(): Promise<ReadonlyMap<string, number>> {
    this.lengths ??= phraseLengths(this.phrases);
    return this.lengths;
  }

  /**
   * A test video saying some of the known phrases (by number), made once per choice: for tests that
   * run where ffmpeg cannot (the workers pool), GET /_stand-in/video?phrases=0,1&container=webm (or mp4,
   * or fmp4: fragmented as a live camera's).
   */
  video(indexes: readonly number[], container: 'webm' | 'mp4' | 'fmp4'): Promise<SpokenVideo> {
    const key = `${container}:${indexes.join(',')}`;
    let made = this.videos.get(key);
    if (!made) {
      made = spokenVideo(
        indexes.map((i) => this.phrases[i] ?? this.phrases[0]!),
        { container: container === 'fmp4' ? 'mp4' : container, fragmented: container === 'fmp4' },
      );
      made.catch(() => this.videos.delete(key));
      this.videos.set(key, made);
    }
    return made;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    if (url.pathname === '/_stand-in/mode' && req.method === 'POST') {
      this.mode = JSON.parse(((await bodyOf(req)) ?? Buffer.from('{}')).toString()) as StandInMode;
      return json(res, 200, this.mode);
    }
    if (url.pathname === '/_stand-in/video') {
      const indexes = (url.searchParams.get('phrases') ?? '0')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= 0);
      const asked = url.searchParams.get('container');
      const video = await this.video(indexes, asked === 'mp4' || asked === 'fmp4' ? asked : 'webm');
      res.writeHead(200, { 'Content-Type': video.contentType, 'X-Phrases': encodeURIComponent(JSON.stringify(video.phrases)) });
      return void res.end(video.bytes);
    }
    if (url.pathname === '/_stand-in/requests') {
      if (req.method === 'DELETE') this.requests.length = 0;
      return json(res, 200, this.requests);
    }
    if (url.pathname !== '/v1/audio/transcriptions' || req.method !== 'POST') return json(res, 404, { error: { message: 'not found' } });
    const started = Date.now();
    const heard: HeardRequest = {
      at: started,
      model: null,
      language: null,
      responseFormat: null,
      authorization: req.headers.authorization ?? null,
      filename: null,
      contentType: null,
      bytes: 0,
      streams: [],
      duration: 0,
      status: 0,
      decodeMs: 0,
      answeredAt: 0,
    };
    this.requests.push(heard);
    if (this.requests.length > 2000) this.requests.splice(0, this.requests.length - 2000);
    const answer = (status: number, send: () => void) => {
      heard.status = status;
      const wait = Math.max(0, this.delayMs - (Date.now() - started));
      setTimeout(() => {
        heard.answeredAt = Date.now();
        send();
      }, wait);
    };
    const body = await bodyOf(req);
    if (!body) return answer(413, () => refuse(res, 413, 'Maximum content size limit (26214400) exceeded'));
    let form: FormData;
    try {
      form = await new Request(this.url, {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      return answer(400, () => refuse(res, 400, 'Could not parse multipart form'));
    }
    const file = form.get('file');
    heard.model = (form.get('model') as string | null) ?? null;
    heard.language = (form.get('language') as string | null) ?? null;
    heard.responseFormat = (form.get('response_format') as string | null) ?? null;
    if (!file || typeof file === 'string') return answer(400, () => refuse(res, 400, "you must provide a 'file'"));
    if (!heard.model) return answer(400, () => refuse(res, 400, 'you must provide a model parameter'));
    heard.filename = file.name;
    heard.contentType = file.type;
    heard.bytes = file.size;

    if (this.mode.kind === 'busy' && this.mode.times > 0) {
      this.mode.times--;
      const status = this.mode.status;
      return answer(status, () => json(res, status, { error: { message: 'busy' } }, { 'Retry-After': '1' }));
    }

    const decoded = await this.decode(new Uint8Array(await file.arrayBuffer()), file.name || 'audio', heard);
    if (decoded.failure !== undefined)
      return answer(400, () => refuse(res, 400, `Invalid file format: the audio could not be decoded (${decoded.failure.slice(0, 200)})`));
    heard.streams = decoded.probed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`);
    if (decoded.probed.streams.some((stream) => stream.codec_type === 'video'))
      return answer(400, () => refuse(res, 400, 'Invalid file format: send audio only, this file has a video stream'));
    if (!decoded.probed.streams.some((stream) => stream.codec_type === 'audio'))
      return answer(400, () => refuse(res, 400, 'Invalid file format: no audio stream'));
    const duration = decoded.pcm.length / HEARING_RATE;
    heard.duration = duration;

    if (this.mode.kind === 'garbage' && this.mode.times > 0) {
      this.mode.times--;
      return answer(200, () => json(res, 200, { text: 'hello', segments: [{ start: 'soon', end: -1 }] }));
    }

    const lengths = await this.phraseLengths();
    const segments = soundRegions(decoded.pcm).map((region, id) => ({
      id,
      seek: 0,
      start: Math.round(region.start * 1000) / 1000,
      end: Math.round(region.end * 1000) / 1000,
      text: ` ${nameOf(lengths, region.end - region.start)}`,
      tokens: [],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.2,
      no_speech_prob: 0.01,
    }));
    const format = heard.responseFormat ?? 'json';
    const text = segments.map((segment) => segment.text.trim()).join(' ');
    if (format === 'text') return answer(200, () => (res.writeHead(200, { 'Content-Type': 'text/plain' }), res.end(text)));
    if (format !== 'verbose_json') return answer(200, () => json(res, 200, { text }));
    answer(200, () => json(res, 200, { task: 'transcribe', language: 'english', duration, text, segments }));
  }

  /** What ffprobe and ffmpeg make of a file (once per distinct file with `decodeOnce`); its wall time goes to `heard.decodeMs`. */
  private decode(bytes: Uint8Array, name: string, heard: HeardRequest): Promise<Decoded> {
    const key = this.decodeOnce ? `${name.split('.').at(-1)}:${createHash('sha256').update(bytes).digest('hex')}` : null;
    const known = key === null ? undefined : this.decoded.get(key);
    if (known) return known;
    const started = performance.now();
    const decoding = withTempFile(bytes, name, async (path): Promise<Decoded> => {
      try {
        const probed = await probe(path);
        return { probed, pcm: await decodeToPcm(path) };
      } catch (error) {
        return { failure: error instanceof Error ? error.message.split('\n').slice(-2).join(' ') : String(error) };
      }
    }).finally(() => {
      heard.decodeMs = performance.now() - started;
    });
    if (key !== null) {
      this.decoded.set(key, decoding);
      if (this.decoded.size > DECODED_KEPT) this.decoded.delete(this.decoded.keys().next().value!);
    }
    return decoding;
  }
}

/** The known phrase whose length is nearest, when near enough. */
function nameOf(lengths: ReadonlyMap<string, number>, seconds: number): string {
  let best: { text: string; off: number } | null = null;
  for (const [text, length] of lengths) {
    const off = Math.abs(length - seconds);
    if (!best || off < best.off) best = { text, off };
  }
  return best && best.off <= Math.max(0.15, seconds * 0.1) ? best.text : '[speech]';
}
