// GET /api/company: the signed-in person's company (name, contact details, the Helpful Resources
// links), for the admins' Company settings screen and the staff's plan preview.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySettings } from '../../../shared/company.ts';
import { client, json } from '../typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../query-client.ts';

export const COMPANY_KEY = ['/api/company'];

export const getCompany = (signal?: AbortSignal): Promise<CompanySettings> => json(client.api.company.$get(undefined, { init: { signal } }));

export const companyQueryOptions = () => queryOptions({ queryKey: COMPANY_KEY, queryFn: ({ signal }) => getCompany(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useCompany() {
  return useQuery(companyQueryOptions());
}
