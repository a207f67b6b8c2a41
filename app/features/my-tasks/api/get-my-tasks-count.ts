// GET /api/my-tasks/count: the sidebar's badge of open tasks assigned to the signed-in person.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTasksCount } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const MY_TASKS_COUNT_KEY = ['/api/my-tasks/count'] as const;

export const getMyTasksCount = (signal?: AbortSignal): Promise<MyTasksCount> => json(client.api['my-tasks'].count.$get({}, { init: { signal } }));

export const myTasksCountQueryOptions = () => queryOptions({ queryKey: MY_TASKS_COUNT_KEY, queryFn: ({ signal }) => getMyTasksCount(signal) });

export function useMyTasksCount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myTasksCountQueryOptions(), enabled: options.enabled ?? true });
}
