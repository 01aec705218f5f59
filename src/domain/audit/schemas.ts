import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit.ts';
import { ID_PATTERN } from '../schema-fields.ts';

/** GET /api/audit's query, validated at the boundary. */

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be 1 to 200' })
    .int()
    .min(1, { error: 'limit must be 1 to 200' })
    .max(200, { error: 'limit must be 1 to 200' })
    .default(50),
  before: z.string().regex(ID_PATTERN, { error: 'before must be an entry id' }).transform(Number).optional(),
  actorId: z.string().regex(ID_PATTERN, { error: 'actorId must be a user id' }).transform(Number).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Not an audit action' }).optional(),
});
