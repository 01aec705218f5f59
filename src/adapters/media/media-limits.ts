import { R2_MIN_PART_BYTES } from '../../media/part-plan.ts';

/** Upload and recording settings, from wrangler.toml [vars] (strings there), with safe defaults. */
export interface MediaLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Part size of uploads: memory per upload stays under two parts; a part is one request, under the 100 MB request limit. */
  uploadPartBytes: number;
  /** Part size of live recordings, buffered in the stream's Durable Object. */
  livePartBytes: number;
  /** How long a stream waits for its publisher to come back before it ends by itself. */
  liveGraceSeconds: number;
  /** How long a resumable upload may be continued. */
  uploadSessionHours: number;
}

export interface MediaLimitVars {
  MAX_IMAGE_BYTES?: string;
  MAX_VIDEO_BYTES?: string;
  UPLOAD_PART_BYTES?: string;
  LIVE_PART_BYTES?: string;
  LIVE_GRACE_SECONDS?: string;
  UPLOAD_SESSION_HOURS?: string;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

const MiB = 1024 * 1024;

export function readMediaLimits(vars: MediaLimitVars): MediaLimits {
  return {
    maxImageBytes: positive(vars.MAX_IMAGE_BYTES, 20 * MiB),
    maxVideoBytes: positive(vars.MAX_VIDEO_BYTES, 2048 * MiB),
    uploadPartBytes: Math.max(R2_MIN_PART_BYTES, Math.min(positive(vars.UPLOAD_PART_BYTES, 8 * MiB), 64 * MiB)),
    livePartBytes: Math.max(R2_MIN_PART_BYTES, Math.min(positive(vars.LIVE_PART_BYTES, 5 * MiB), 64 * MiB)),
    liveGraceSeconds: positive(vars.LIVE_GRACE_SECONDS, 60),
    uploadSessionHours: positive(vars.UPLOAD_SESSION_HOURS, 24),
  };
}

export function maxBytesFor(limits: MediaLimits, kind: 'image' | 'video'): number {
  return kind === 'image' ? limits.maxImageBytes : limits.maxVideoBytes;
}
