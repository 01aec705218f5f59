import { Hono } from 'hono';
import { readerSessionSchema, readerSignInSchema, readerUpdateSchema } from '../../../domain/readers/schemas.ts';
import { deleteReader, readerWithNewsletters, renameReader, signOutReader } from '../../../services/readers/reader-account.ts';
import { setReaderNewsletters } from '../../../services/newsletters/subscriptions.ts';
import { readerNewslettersSchema } from '../../../domain/newsletters/schemas.ts';
import { checkSignInLink, requestReaderSignIn, startReaderSession } from '../../../services/readers/reader-sign-in.ts';
import { SIGN_IN_LINK_MINUTES } from '../../../domain/readers/rules.ts';
import { linkOriginOf } from '../link-origin.ts';
import { exportReader } from '../../../services/readers/export-reader.ts';
import {
  endReaderCookies,
  jsonRequest,
  readerSession,
  signedInReader,
  signInBrowser,
  signInBrowserHash,
  startReaderCookies,
  type ReaderEnv,
} from '../readers/reader-session.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { validate } from '../validate.ts';

/** /api/readers (docs/product/api.md, "Readers and newsletters"): sign-in by mailed link, the reader's own account. */
export const readerRoutes = new Hono<ReaderEnv>()
  // Mail leaves for each one: the subscribe limit (decision 070).
  .post('/signin', rateLimit('subscribe'), validate('json', readerSignInSchema), async (c) => {
    const { email, newsletters, next } = c.req.valid('json');
    const browserHash = await signInBrowser(c, c.var.deps.tokens, SIGN_IN_LINK_MINUTES * 60);
    await requestReaderSignIn(c.var.deps, { email, newsletters, next, origin: linkOriginOf(c), browserHash });
    return c.json({}, 202);
  })
  // What a link would do, without using it: the page it opens signs in at once only in the browser that asked (decision 105).
  .post('/session/check', rateLimit('signIn'), validate('json', readerSessionSchema), async (c) =>
    c.json(await checkSignInLink(c.var.deps, c.req.valid('json').token, await signInBrowserHash(c, c.var.deps.tokens))),
  )
  .post('/session', rateLimit('signIn'), validate('json', readerSessionSchema), async (c) => {
    const { reader, sessionToken, expiresAt } = await startReaderSession(c.var.deps, c.req.valid('json').token);
    startReaderCookies(c, sessionToken, expiresAt);
    return c.json(await readerWithNewsletters(c.var.deps, reader));
  })
  .use(readerSession)
  .get('/me', async (c) => c.json(await readerWithNewsletters(c.var.deps, signedInReader(c).reader)))
  .put('/me', validate('json', readerUpdateSchema), async (c) => {
    const reader = await renameReader(c.var.deps, signedInReader(c).reader, c.req.valid('json').name);
    return c.json(await readerWithNewsletters(c.var.deps, reader));
  })
  .put('/me/newsletters', validate('json', readerNewslettersSchema), async (c) => {
    const { reader } = signedInReader(c);
    await setReaderNewsletters(c.var.deps, reader, c.req.valid('json').newsletters);
    return c.json(await readerWithNewsletters(c.var.deps, reader));
  })
  .get('/me/export', async (c) => {
    const exported = await exportReader(c.var.deps, signedInReader(c).reader);
    c.header('Content-Disposition', 'attachment; filename="my-newsroom-data.json"');
    return c.json(exported);
  })
  .post('/signout', jsonRequest, async (c) => {
    await signOutReader(c.var.deps, signedInReader(c).sessionHash);
    endReaderCookies(c);
    return c.body(null, 204);
  })
  .delete('/me', jsonRequest, async (c) => {
    await deleteReader(c.var.deps, signedInReader(c).reader);
    endReaderCookies(c);
    return c.body(null, 204);
  });
