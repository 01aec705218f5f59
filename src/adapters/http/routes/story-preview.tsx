/** @jsxRuntime automatic */
/** @jsxImportSource #reader-jsx */
import { Hono } from 'hono';
import { idParamSchema } from '../../../domain/schema-fields.ts';
import type { User } from '../../../domain/users/entities.ts';
import type { StoryPreviewRead } from '../../../services/reader-pages/story-preview.ts';
import { StoryPreview } from '../../../reader/story/story-preview.tsx';
import type { AppEnv } from '../context.ts';
import { requireSignedIn } from '../middleware/authenticate.ts';
import { validate } from '../validate.ts';

/**
 * GET /api/stories/{id}/preview (staff who may see the story): its page's article as HTML, rendered
 * by the reader's own components (decision 120), for the app to show in place of a page it does
 * not draw itself. Never cached: it is one person's view of a story the public may not see.
 */
export const storyPreviewRoutes = (preview: (actor: User | null, id: number) => Promise<StoryPreviewRead>) =>
  new Hono<AppEnv>().get('/:id/preview', requireSignedIn, validate('param', idParamSchema), async (c) => {
    const read = await preview(c.var.user, c.req.valid('param').id);
    const html = <StoryPreview data={read} context={{ origin: new URL(c.req.url).origin, now: read.now }} />;
    return c.html(html.html, 200, { 'Cache-Control': 'no-store' });
  });
