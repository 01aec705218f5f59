import { execFileSync } from 'node:child_process';

/** The machine's load, as `uptime` prints it (the machine is shared: numbers go with it). */
export function machineLoad(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' })
      .trim()
      .replace(/^.*load average:/, 'load')
      .trim();
  } catch {
    return 'load unknown';
  }
}
