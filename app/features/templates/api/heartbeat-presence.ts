// POST /api/templates/{id}/presence: the editor says it still has the template open, and learns who
// else has (spec section 2, the active sessions list): at once on opening, then every heartbeat.
import { useQuery } from '@tanstack/react-query';
import { TEMPLATE_PRESENCE, type TemplatePresence } from '../../../../shared/templates.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { templateKey } from './get-template.ts';

export const presenceKey = (id: string) => [...templateKey(id), 'presence'];

export const heartbeatPresence = (id: string, signal?: AbortSignal): Promise<TemplatePresence> =>
  json(client.api.templates[':id'].presence.$post({ param: { id } }, { init: { signal } }));

export function useTemplatePresence(id: string) {
  return useQuery({
    queryKey: presenceKey(id),
    queryFn: ({ signal }) => heartbeatPresence(id, signal),
    refetchInterval: TEMPLATE_PRESENCE.heartbeatMs,
    // A tab in the background still has the template open, unsaved edits and all.
    refetchIntervalInBackground: true,
    // Coming back to the tab asks at once rather than at the next beat.
    staleTime: 0,
    refetchOnWindowFocus: true,
    gcTime: 0,
  });
}
