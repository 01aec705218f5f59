import { addressAsStored, isMailAddress } from '../../domain/mail/address.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { SubscriberStatus } from '../../domain/newsletters/entities.ts';
import { CsvError, formatCsv, parseCsv } from '../../domain/newsletters/csv.ts';
import type { NewsletterRepository, SubscriptionRepository } from '../../domain/newsletters/ports.ts';
import { IMPORT_LINES_MAX } from '../../domain/newsletters/rules.ts';
import type { Clock } from '../../domain/time.ts';

/** A newsletter's subscribers for its admin: the list, its CSV, and imports with consent asserted. */

interface Deps {
  newsletters: NewsletterRepository;
  subscriptions: SubscriptionRepository;
  clock: Clock;
}

async function existing(deps: Deps, id: number) {
  const newsletter = await deps.newsletters.findById(id);
  if (!newsletter) throw new NotFoundError('Newsletter');
  return newsletter;
}

export async function listSubscribers(
  deps: Deps,
  id: number,
  filter: { status?: SubscriberStatus; q?: string; limit: number; offset: number },
) {
  await existing(deps, id);
  return deps.subscriptions.list(id, filter);
}

/** Every subscriber matching the filter as CSV (email, status, subscribedAt, source), a page of 500 at a time. */
export async function subscribersCsv(deps: Deps, id: number, filter: { status?: SubscriberStatus; q?: string }): Promise<string> {
  await existing(deps, id);
  const rows: (string | null)[][] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await deps.subscriptions.list(id, { ...filter, limit: 500, offset });
    rows.push(...page.subscribers.map((s) => [s.email, s.status, s.subscribedAt, s.source]));
    if (page.subscribers.length < 500) break;
  }
  return formatCsv(['email', 'status', 'subscribedAt', 'source'], rows);
}

export interface ImportReport {
  imported: number;
  skipped: number;
  /** Lines that were not imported, with why (line 1 is the header). */
  invalid: { line: number; reason: string }[];
}

/**
 * POST /api/newsletters/{id}/subscribers/import: a CSV with an `email` column (and optional
 * `name`, `subscribedAt`), from people who agreed to get the newsletter (the admin asserts it:
 * `consent`). Addresses are confirmed at once (source `import`); those already on the list,
 * unsubscribed or suppressed are skipped, never re-subscribed. A file that is not CSV, or has no
 * email column, is refused whole, saying on which line.
 */
export async function importSubscribers(deps: Deps, id: number, input: { csv: string; consent: boolean }): Promise<ImportReport> {
  await existing(deps, id);
  if (!input.consent) throw new ValidationError({ consent: 'Confirm that everyone on the list agreed to get this newsletter' });
  let rows: { line: number; cells: string[] }[];
  try {
    rows = parseCsv(input.csv);
  } catch (error) {
    if (error instanceof CsvError) throw new ValidationError({ file: error.message }, `The file is not CSV: ${error.message}`);
    throw error;
  }
  const [header, ...lines] = rows;
  const columns = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const emailAt = columns.indexOf('email');
  if (emailAt === -1) throw new ValidationError({ file: 'Line 1: the first line must name the columns, one of them "email"' });
  if (lines.length > IMPORT_LINES_MAX) throw new ValidationError({ file: `At most ${IMPORT_LINES_MAX} lines at once` });
  const dateAt = columns.indexOf('subscribedat');
  const invalid: ImportReport['invalid'] = [];
  const seen = new Set<string>();
  const good: { email: string; subscribedAt: string | null }[] = [];
  for (const { line, cells } of lines) {
    const email = addressAsStored(cells[emailAt] ?? '');
    if (!isMailAddress(email)) {
      invalid.push({ line, reason: email ? `"${email.slice(0, 80)}" is not a mail address` : 'no email address' });
      continue;
    }
    const date = dateAt === -1 ? '' : (cells[dateAt] ?? '').trim();
    const parsed = date ? Date.parse(date) : NaN;
    if (date && Number.isNaN(parsed)) {
      invalid.push({ line, reason: `"${date.slice(0, 40)}" is not a date` });
      continue;
    }
    if (seen.has(email)) continue;
    seen.add(email);
    good.push({ email, subscribedAt: date ? new Date(parsed).toISOString() : null });
  }
  const { imported, skipped } = await deps.subscriptions.importMany(id, good, deps.clock.now());
  return { imported, skipped: skipped + (lines.length - invalid.length - good.length), invalid };
}
