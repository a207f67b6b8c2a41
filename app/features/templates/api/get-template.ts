// GET /api/templates/{id}: one template with its sections and tasks, for the editor.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TemplateDetails } from '../../../../shared/templates.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { TEMPLATES_KEY } from '../../../lib/api/get-templates.ts';

export const templateKey = (id: string) => [...TEMPLATES_KEY, id];

export const getTemplate = (id: string, signal?: AbortSignal): Promise<TemplateDetails> => json(client.api.templates[':id'].$get({ param: { id } }, { init: { signal } }));

export const templateQueryOptions = (id: string) => queryOptions({ queryKey: templateKey(id), queryFn: ({ signal }) => getTemplate(id, signal) });

export function useTemplate(id: string) {
  return useQuery(templateQueryOptions(id));
}

/** The template as saved now, whatever the cache holds: the editor's Reload after a stale save. */
export function fetchLatestTemplate(queryClient: QueryClient, id: string): Promise<TemplateDetails> {
  return queryClient.fetchQuery({ ...templateQueryOptions(id), staleTime: 0 });
}
