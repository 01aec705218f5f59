import { readFileSync } from 'node:fs';

/** The memory of the workerd processes behind a server (from /proc), for the upload benchmark. */

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every process under `rootPid` whose command name is `name` (workerd runs the worker). */
export function descendantsNamed(rootPid: number, name: string): number[] {
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of childrenOf(pid)) {
      try {
        if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() === name) found.push(child);
      } catch {
        continue;
      }
      walk(child);
    }
  };
  walk(rootPid);
  return found;
}

/** Resident memory of a process in bytes (VmRSS), or 0 when it is gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
