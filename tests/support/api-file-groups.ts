import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The API test files in two groups (decision 113). Every file has its own workerd, D1 and R2, but
 * the servers the run starts once (the mail catcher, the fediverse's peer, the push receiver,
 * Stripe's and the transcriber's stand-ins) are shared: a file that reads them, or whose worker
 * reaches the transcriber (live streams and captions, where a file may set the stand-in's mode),
 * goes to `api-servers`, which runs one file at a time as every file used to; the rest to `api`,
 * two at a time. Which group is read from the file itself, so a new test lands in the right one
 * without a list to keep.
 */
const READS_SHARED_SERVERS =
  /support\/(mail|fediverse|push|stripe|members|newsletters|readers)(\.ts)?'|transcriberOrigin|_stand-in|mailServers|fetchMailTo|parsed-mail|TEST_MAIL|TEST_SMTP|TEST_TRANSCRIBE/;
const REACHES_TRANSCRIBER = /live|stream|caption/;

export function apiFileGroups(dir: string): { servers: string[]; own: string[] } {
  const servers: string[] = [];
  const own: string[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.test.ts'))
    .sort()) {
    const path = join(dir, name);
    const shared = REACHES_TRANSCRIBER.test(name) || READS_SHARED_SERVERS.test(readFileSync(path, 'utf8'));
    (shared ? servers : own).push(path);
  }
  return { servers, own };
}
