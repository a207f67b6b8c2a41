// GET /api/templates: the company's templates, for the Templates page, the dashboards, the plan
// pickers and the sidebar count. The list key prefixes every template's own key.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateSummary } from '../../../shared/templates.ts';
import { client, json } from '../typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../query-client.ts';

export const TEMPLATES_KEY = ['/api/templates'];

export const getTemplates = (signal?: AbortSignal): Promise<TemplateSummary[]> => json(client.api.templates.$get(undefined, { init: { signal } }));

export const templatesQueryOptions = () => queryOptions({ queryKey: TEMPLATES_KEY, queryFn: ({ signal }) => getTemplates(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...templatesQueryOptions(), enabled });
}

const onlyActive = (templates: TemplateSummary[]) => templates.filter((template) => template.isActive);

/** Active templates only: drafts cannot be assigned. */
export function useActiveTemplates() {
  return useQuery({ ...templatesQueryOptions(), select: onlyActive });
}
