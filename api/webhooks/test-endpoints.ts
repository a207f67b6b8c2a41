// Test-only: one webhook endpoint with one delivery in each of two companies, at fixed ids, for the
// permission matrix (api/test/matrix.ts) to aim its webhook routes at. The URL is the discard port on
// loopback, where nothing listens: a test send or resend fails at once and stays in the log.
import type { Db } from '../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { newWebhookSecret } from './webhooks.queries.ts';

export const MATRIX_WEBHOOKS = {
  A: { endpointId: '00000000-0000-4000-8000-00000000a0e1', deliveryId: '00000000-0000-4000-8000-00000000a0d1' },
  B: { endpointId: '00000000-0000-4000-8000-00000000b0e1', deliveryId: '00000000-0000-4000-8000-00000000b0d1' },
} as const;

export async function insertMatrixWebhooks(db: Db, companyIds: { A: string; B: string }): Promise<void> {
  for (const company of ['A', 'B'] as const) {
    const { endpointId, deliveryId } = MATRIX_WEBHOOKS[company];
    const companyId = companyIds[company];
    await db.insert(webhookEndpoints).values({ id: endpointId, companyId, kind: 'webhook', url: 'http://127.0.0.1:9/hooks', events: ['plan.created'], secret: newWebhookSecret() });
    await db.insert(webhookDeliveries).values({
      id: deliveryId,
      companyId,
      endpointId,
      event: 'webhook.test',
      payload: JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { message: 'matrix' } }),
      status: 'failed',
      attempts: 1,
      nextAttemptAt: Date.now(),
    });
  }
}
