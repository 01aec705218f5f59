import { compactNumber } from '../../domain/formatting.ts';
import { relativeTime } from '../../domain/relative-time.ts';
import { nextTask } from './next-task.ts';

/**
 * Builds the Intl formatters the reader's pages use, each in a task of its own, before the first
 * render needs them. The first Intl formatter a page builds costs tens of milliseconds on a phone
 * (the browser loads its locale data); built inside the render, that cost would hold the page up
 * in one long task with everything else the render does.
 */
export async function warmUpFormatters(): Promise<void> {
  const epoch = new Date(0).toISOString();
  for (const build of [() => compactNumber(1000), () => relativeTime(epoch, new Date())]) {
    await nextTask();
    build();
  }
}
