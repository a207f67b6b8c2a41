// /api/webhooks (issue 21): a company's webhook and chat endpoints, their delivery logs, test and
// resend. Admins only; another company's endpoint or delivery answers 404.
import { Hono } from 'hono';
import { WebhookDeliveriesQuerySchema, WebhookEndpointCreateSchema, WebhookEndpointUpdateSchema } from '../../shared/webhooks.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole } from '../middleware/auth.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findDeliveries,
  findWebhookEndpoints,
  getWebhookEndpoint,
  resendDelivery,
  sendTestEvent,
  updateWebhookEndpoint,
} from './webhooks.queries.ts';

export const webhooksRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => c.json(await findWebhookEndpoints(c.var.deps.db, currentUser(c))))

  .post('/', validate('json', WebhookEndpointCreateSchema), async (c) => c.json(await createWebhookEndpoint(c.var.deps, currentUser(c), c.req.valid('json')), 201))

  .get('/:id', async (c) => c.json(await getWebhookEndpoint(c.var.deps.db, currentUser(c), c.req.param('id'))))

  .patch('/:id', validate('json', WebhookEndpointUpdateSchema), async (c) =>
    c.json(await updateWebhookEndpoint(c.var.deps, currentUser(c), c.req.param('id'), c.req.valid('json'))),
  )

  .delete('/:id', async (c) => {
    await deleteWebhookEndpoint(c.var.deps.db, currentUser(c), c.req.param('id'));
    return c.body(null, 204);
  })

  .post('/:id/test', async (c) => c.json(await sendTestEvent(c.var.deps, currentUser(c), c.req.param('id')), 201))

  .get('/:id/deliveries', validate('query', WebhookDeliveriesQuerySchema), async (c) =>
    c.json(await findDeliveries(c.var.deps.db, currentUser(c), c.req.param('id'), c.req.valid('query').before)),
  )

  .post('/:id/deliveries/:deliveryId/resend', async (c) => c.json(await resendDelivery(c.var.deps, currentUser(c), c.req.param('id'), c.req.param('deliveryId'))));
