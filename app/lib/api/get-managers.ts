// GET /api/users/managers (admins only; the server refuses others): who can manage a plan.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagerOption } from '../../../shared/team.ts';
import { client, json } from '../typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../query-client.ts';

export const getManagers = (signal?: AbortSignal): Promise<ManagerOption[]> => json(client.api.users.managers.$get(undefined, { init: { signal } }));

export const managersQueryOptions = () => queryOptions({ queryKey: ['/api/users/managers'], queryFn: ({ signal }) => getManagers(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useManagers(enabled: boolean) {
  return useQuery({ ...managersQueryOptions(), enabled });
}
