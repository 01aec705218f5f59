import { readFileSync } from 'node:fs';

/**
 * CPU seconds from /proc (Linux), for benchmarks that share the machine with what they measure:
 * a process's own, and that of its children it has waited for (the tools it ran, ffmpeg say).
 */

const TICKS_PER_SECOND = 100;

function statFields(pid: number | 'self'): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it follow its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

export interface CpuSeconds {
  /** User + system time of the process itself. */
  own: number;
  /** User + system time of its children that ended and were waited for. */
  children: number;
}

/** The CPU a process has used so far (zeros for one that is gone). */
export function cpuSeconds(pid: number | 'self'): CpuSeconds {
  const fields = statFields(pid);
  if (!fields) return { own: 0, children: 0 };
  // Fields 14-17 of /proc/pid/stat (utime, stime, cutime, cstime) are at 11-14 after the name.
  const ticks = (i: number) => Number(fields[i]);
  return { own: (ticks(11) + ticks(12)) / TICKS_PER_SECOND, children: (ticks(13) + ticks(14)) / TICKS_PER_SECOND };
}

/** The one-minute load average now. */
export function loadNow(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}
