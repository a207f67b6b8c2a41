// GET /api/jobs (admins): the company's reminder jobs and the mail outbox, for Company settings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsOverview } from '../../../../shared/notifications.ts';
import { FRESH_AFTER_LOAD_MS } from '../../../lib/query-client.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const JOBS_KEY = ['/api/jobs'] as const;

/** Jobs run every minute on the server; the panel reads again at this pace while it is open. */
const JOBS_REFRESH_MS = 60_000;

export const getJobs = (signal?: AbortSignal): Promise<JobsOverview> => json(client.api.jobs.$get(undefined, { init: { signal } }));

export const jobsQueryOptions = () => queryOptions({ queryKey: JOBS_KEY, queryFn: ({ signal }) => getJobs(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useJobs() {
  return useQuery({ ...jobsQueryOptions(), refetchInterval: JOBS_REFRESH_MS });
}
