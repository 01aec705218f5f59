/** WebVTT's and SubRip's cue times (the WebVTT spec, "WebVTT timestamp"; SubRip writes a comma). */

const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;

function seconds(hours: string | undefined, minutes: string, secs: string, fraction: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(fraction.padEnd(3, '0')) / 1000;
}

/** `mm:ss.ttt` or `hh:mm:ss.ttt` in seconds, or null. */
export function parseVttTime(text: string): number | null {
  const match = VTT_TIME.exec(text);
  return match ? seconds(match[1], match[2]!, match[3]!, match[4]!) : null;
}

/** `hh:mm:ss,ttt` (a point is taken too, and fewer digits of milliseconds, as players do) in seconds, or null. */
export function parseSrtTime(text: string): number | null {
  const match = SRT_TIME.exec(text);
  return match ? seconds(match[1], match[2]!, match[3]!, match[4]!) : null;
}

/** Seconds as WebVTT writes them, always with hours: `hh:mm:ss.ttt`. */
export function formatVttTime(totalSeconds: number): string {
  const millis = Math.max(0, Math.round(totalSeconds * 1000));
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  const ms = millis % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(secs)}.${String(ms).padStart(3, '0')}`;
}
