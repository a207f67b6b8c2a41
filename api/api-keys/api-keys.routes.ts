// /api/api-keys (issue 21): an admin makes, lists and revokes their company's API keys. Signed-in admins
// only: a key itself may never manage keys (api-key-auth.ts).
import { Hono } from 'hono';
import { CreateApiKeySchema } from '../../shared/api-keys.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole } from '../middleware/auth.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.queries.ts';

export const apiKeysRoutes = new Hono<AppEnv>()
  .get('/', requireRole('admin'), async (c) => c.json(await listApiKeys(c.var.deps.db, currentUser(c).companyId)))

  /** The answer holds the whole key, the only time it is ever shown. */
  .post('/', requireRole('admin'), validate('json', CreateApiKeySchema), async (c) => c.json(await createApiKey(c.var.deps.db, currentUser(c), c.req.valid('json')), 201))

  .delete('/:id', requireRole('admin'), async (c) => c.json(await revokeApiKey(c.var.deps.db, currentUser(c).companyId, c.req.param('id'))));
