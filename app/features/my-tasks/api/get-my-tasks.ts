// GET /api/my-tasks: the tasks assigned to the signed-in person across plans (staff; a new hire's come from the device).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTasksResponse } from '../../../../shared/onboarding.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';
import { client, json } from '../../../lib/typed-client.ts';

/** Keys are URLs (lib/query-client.ts); the count sits beside it under its own. */
export const MY_TASKS_KEY = ['/api/my-tasks'] as const;

export const getMyTasks = (signal?: AbortSignal): Promise<MyTasksResponse> => json(client.api['my-tasks'].$get({ query: {} }, { init: { signal } }));

export const myTasksQueryOptions = () => queryOptions({ queryKey: MY_TASKS_KEY, queryFn: ({ signal }) => getMyTasks(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useMyTasks(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myTasksQueryOptions(), enabled: options.enabled ?? true });
}
