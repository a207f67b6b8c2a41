// DELETE /api/templates/{id}/presence: the editor closed, so the others stop seeing this person at once
// (rather than after TEMPLATE_PRESENCE.windowMs without a heartbeat).
import { client } from '../../../lib/typed-client.ts';

/** keepalive: the request outlives the page when it is sent as the tab closes (pagehide). */
export const leavePresence = (id: string): Promise<unknown> =>
  client.api.templates[':id'].presence.$delete({ param: { id } }, { init: { keepalive: true } }).catch(() => undefined);
