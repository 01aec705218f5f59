import { Hono, type Context } from 'hono';
import { UnauthenticatedError, ValidationError } from '../../../domain/errors.ts';
import { newsletterAnswer, sendAnswer } from '../../../domain/newsletters/answers.ts';
import {
  newsletterCreateSchema,
  newsletterSlugParamSchema,
  newsletterUpdateSchema,
  subscribersQuerySchema,
  subscribeSchema,
} from '../../../domain/newsletters/schemas.ts';
import { readerSessionSchema } from '../../../domain/readers/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { createNewsletter, listNewsletters, updateNewsletterAnswer } from '../../../services/newsletters/manage-newsletters.ts';
import { handleMailEvent, type PostmarkEvent } from '../../../services/newsletters/mail-events.ts';
import { sendsOf } from '../../../services/newsletters/send-story.ts';
import { importSubscribers, listSubscribers, subscribersCsv } from '../../../services/newsletters/subscriber-list.ts';
import { confirmSubscription, subscribe, unsubscribeByToken } from '../../../services/newsletters/subscriptions.ts';
import { requireAdmin, requireReporter, signedInUser } from '../middleware/authenticate.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { readerSession, type ReaderEnv } from '../readers/reader-session.ts';
import { validate } from '../validate.ts';
import { linkOriginOf } from '../link-origin.ts';

/** /api/newsletters (docs/product/api-readers.md): the lists, joining and leaving, subscribers, mail events. */

/** HTTP Basic with the user `mail` and MAIL_WEBHOOK_SECRET, compared in constant time; refused when the secret is unset. */
async function mailWebhookAllowed(c: Context, secret: string | undefined): Promise<boolean> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header('Authorization') ?? '');
  if (!secret || !match) return false;
  let given: string;
  try {
    given = atob(match[1]!);
  } catch {
    return false;
  }
  const encoder = new TextEncoder();
  const [a, b] = [
    await crypto.subtle.digest('SHA-256', encoder.encode(given)),
    await crypto.subtle.digest('SHA-256', encoder.encode(`mail:${secret}`)),
  ];
  return crypto.subtle.timingSafeEqual(a, b);
}

/** The CSV of an import: the request's body as text/csv, or a multipart form's `file`; consent as `?consent=true` or a form field. */
async function importInput(c: Context): Promise<{ csv: string; consent: boolean }> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const queryConsent = c.req.query('consent') === 'true';
  if (type === 'multipart/form-data') {
    const form = await c.req.formData();
    const file = form.get('file');
    const csv = typeof file === 'string' ? file : file ? await file.text() : '';
    return { csv, consent: queryConsent || form.get('consent') === 'true' };
  }
  if (type !== 'text/csv' && type !== 'text/plain')
    throw new ValidationError({ file: 'Send the CSV as text/csv, or as the file of a form' });
  return { csv: await c.req.text(), consent: queryConsent };
}

export const newsletterRoutes = new Hono<ReaderEnv>()
  .get('/', async (c) => c.json(await listNewsletters(c.var.deps, c.var.user, c.req.query('all') === 'true')))
  .post('/', requireAdmin, validate('json', newsletterCreateSchema), async (c) => {
    const created = await createNewsletter(c.var.deps, c.req.valid('json'));
    return c.json(newsletterAnswer(created, 0), 201);
  })
  .post('/confirm', rateLimit('signIn'), validate('json', readerSessionSchema), async (c) => {
    const { newsletter, email } = await confirmSubscription(c.var.deps, c.req.valid('json').token);
    return c.json({ newsletter: newsletterAnswer(newsletter), email });
  })
  .post('/unsubscribe', async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (body['List-Unsubscribe'] !== 'One-Click')
      throw new ValidationError({ 'List-Unsubscribe': 'Send List-Unsubscribe=One-Click (RFC 8058)' });
    // A browser's form (asking for HTML) never gets here: app.ts gives it the reader's page.
    await unsubscribeByToken(c.var.deps, c.req.query('token') ?? '');
    return c.json({ unsubscribed: true });
  })
  .post('/events', async (c) => {
    if (!(await mailWebhookAllowed(c, c.var.deps.mailWebhookSecret))) {
      c.header('WWW-Authenticate', 'Basic realm="mail events"');
      throw new UnauthenticatedError('Send the mail webhook secret as HTTP Basic (user "mail")');
    }
    let event: unknown;
    try {
      event = await c.req.json();
    } catch {
      throw new ValidationError({ body: 'The body must be the provider’s JSON event' });
    }
    if (typeof event !== 'object' || event === null) throw new ValidationError({ body: 'The body must be the provider’s JSON event' });
    return c.json(await handleMailEvent(c.var.deps, event as PostmarkEvent));
  })
  .post(
    '/:slug/subscribe',
    rateLimit('subscribe'),
    validate('param', newsletterSlugParamSchema),
    readerSession,
    validate('json', subscribeSchema),
    async (c) => {
      const { subscribed } = await subscribe(c.var.deps, {
        slug: c.req.valid('param').slug,
        email: c.req.valid('json').email,
        reader: c.var.reader,
        origin: linkOriginOf(c),
      });
      return subscribed ? c.json({ subscribed: true }) : c.json({}, 202);
    },
  )
  .put('/:id', requireAdmin, validate('param', idParamSchema), validate('json', newsletterUpdateSchema), async (c) => {
    return c.json(await updateNewsletterAnswer(c.var.deps, c.req.valid('param').id, c.req.valid('json')));
  })
  .get('/:id/subscribers', requireAdmin, validate('param', idParamSchema), validate('query', subscribersQuerySchema), async (c) => {
    const { format, ...filter } = c.req.valid('query');
    const id = c.req.valid('param').id;
    if (format === 'csv') {
      const csv = await subscribersCsv(c.var.deps, id, filter);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="subscribers-${id}.csv"`,
      });
    }
    return c.json(await listSubscribers(c.var.deps, id, filter));
  })
  .post('/:id/subscribers/import', requireAdmin, validate('param', idParamSchema), async (c) => {
    return c.json(await importSubscribers(c.var.deps, c.req.valid('param').id, await importInput(c)));
  })
  .get('/:id/sends', requireReporter, validate('param', idParamSchema), async (c) => {
    const sends = await sendsOf(c.var.deps, signedInUser(c.var.user), c.req.valid('param').id);
    return c.json(sends.map(sendAnswer));
  });
