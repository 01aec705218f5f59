import { Hono } from 'hono';
import { tierAnswer } from '../../../domain/members/answers.ts';
import {
  checkoutSchema,
  donateSchema,
  figuresQuerySchema,
  membersQuerySchema,
  memberUpdateSchema,
  tierCreateSchema,
  tierUpdateSchema,
} from '../../../domain/members/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { openBillingPortal, startCheckout, startDonation } from '../../../services/members/checkout.ts';
import { memberFigures } from '../../../services/members/member-figures.ts';
import { listMembers, memberPage, membersCsv, setComped } from '../../../services/members/members-admin.ts';
import { createTier, listTiers, updateTier } from '../../../services/members/tiers.ts';
import { requireAdmin } from '../middleware/authenticate.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { jsonRequest, readerSession, signedInReader, type ReaderEnv } from '../readers/reader-session.ts';
import { validate } from '../validate.ts';

/** /api/members (docs/product/api.md, "Members and reader revenue"): tiers, Checkout, gifts, the portal, the Members admin. */

const origin = (url: string) => new URL(url).origin;

export const memberRoutes = new Hono<ReaderEnv>()
  .get('/tiers', async (c) => c.json((await listTiers(c.var.deps, { activeOnly: !c.var.user })).map(tierAnswer)))
  .post('/tiers', requireAdmin, validate('json', tierCreateSchema), async (c) =>
    c.json(tierAnswer(await createTier(c.var.deps, c.req.valid('json'), origin(c.req.url))), 201),
  )
  .put('/tiers/:id', requireAdmin, validate('param', idParamSchema), validate('json', tierUpdateSchema), async (c) =>
    c.json(tierAnswer(await updateTier(c.var.deps, c.req.valid('param').id, c.req.valid('json'), origin(c.req.url)))),
  )
  // Each makes a session at Stripe, whose rate the newsroom's real readers need: the subscribe limit (decision 070; ).
  .post('/checkout', rateLimit('subscribe'), jsonRequest, readerSession, validate('json', checkoutSchema), async (c) =>
    c.json(await startCheckout(c.var.deps, signedInReader(c).reader, c.req.valid('json'), origin(c.req.url))),
  )
  .post('/donate', rateLimit('subscribe'), jsonRequest, readerSession, validate('json', donateSchema), async (c) =>
    c.json(await startDonation(c.var.deps, c.var.reader, c.req.valid('json'), origin(c.req.url))),
  )
  .post('/portal', rateLimit('subscribe'), jsonRequest, readerSession, async (c) =>
    c.json(await openBillingPortal(c.var.deps, signedInReader(c).reader, origin(c.req.url))),
  )
  .get('/figures', requireAdmin, validate('query', figuresQuerySchema), async (c) =>
    c.json(await memberFigures({ ...c.var.deps, figures: c.var.deps.memberFigures }, c.req.valid('query'))),
  )
  .get('/', requireAdmin, validate('query', membersQuerySchema), async (c) => {
    const query = c.req.valid('query');
    if (query.format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="members.csv"');
      return c.body(await membersCsv(c.var.deps, query));
    }
    return c.json(await listMembers(c.var.deps, query));
  })
  .get('/:id', requireAdmin, validate('param', idParamSchema), async (c) => c.json(await memberPage(c.var.deps, c.req.valid('param').id)))
  .put('/:id', requireAdmin, validate('param', idParamSchema), validate('json', memberUpdateSchema), async (c) =>
    c.json(await setComped(c.var.deps, c.req.valid('param').id, c.req.valid('json').comped, c.var.user!.id)),
  );
