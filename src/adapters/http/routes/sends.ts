import { sendAnswer } from '../../../domain/newsletters/answers.ts';
import { Hono } from 'hono';
import { newsletterSettingsSchema, storySendSchema } from '../../../domain/newsletters/schemas.ts';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import { newsletterSlugSchema } from '../../../domain/readers/schemas.ts';
import { newsletterSettings, saveNewsletterSettings } from '../../../services/newsletters/newsletter-settings.ts';
import { previewIssue, sendFor, sendStory, sendTestIssue } from '../../../services/newsletters/send-story.ts';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { requireAdmin, requireReporter, signedInUser } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/** Sending a story as a newsletter (docs/product/api-readers.md, decision 083). */

const origin = (url: string) => new URL(url).origin;

/** /api/stories/{id}/send and /api/stories/{id}/newsletter-preview. */
export const storySendRoutes = new Hono<AppEnv>()
  .post('/:id/send', requireReporter, validate('param', idParamSchema), validate('json', storySendSchema), async (c) => {
    const user = signedInUser(c.var.user);
    const { newsletter, test } = c.req.valid('json');
    const input = { storyId: c.req.valid('param').id, newsletter, origin: origin(c.req.url) };
    if (test) {
      await sendTestIssue(c.var.deps, user, input);
      return c.json({ test: true, to: user.email }, 202);
    }
    return c.json(sendAnswer(await sendStory(c.var.deps, user, input)), 202);
  })
  .get(
    '/:id/newsletter-preview',
    requireReporter,
    validate('param', idParamSchema),
    validate('query', z.object({ newsletter: newsletterSlugSchema })),
    async (c) => {
      const html = await previewIssue(c.var.deps, signedInUser(c.var.user), {
        storyId: c.req.valid('param').id,
        newsletter: c.req.valid('query').newsletter,
        origin: origin(c.req.url),
      });
      // Shown in the editor's sandboxed frame: the mail's own HTML, nothing that runs.
      return c.html(html, 200, {
        'Content-Security-Policy': "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; sandbox",
      });
    },
  );

/** /api/sends/{id}: a send's state and figures, for the story's author or an admin. */
export const sendRoutes = new Hono<AppEnv>().get('/:id', requireReporter, validate('param', idParamSchema), async (c) =>
  c.json(sendAnswer(await sendFor(c.var.deps, signedInUser(c.var.user), c.req.valid('param').id))),
);

/** /api/settings/newsletters: the newsroom's postal address, in every issue's footer (admins). */
export const newsletterSettingsRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => c.json(await newsletterSettings(c.var.deps)))
  .put('/', requireAdmin, validate('json', newsletterSettingsSchema), async (c) =>
    c.json(await saveNewsletterSettings(c.var.deps, c.var.user!, c.req.valid('json'))),
  );
