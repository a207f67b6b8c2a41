// GET /api/users: everyone in the company with their plan progress (/team, the admin's Users tab, the plan pickers).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMember } from '../../../shared/team.ts';
import { client, json } from '../typed-client.ts';
import { FRESH_AFTER_LOAD_MS } from '../query-client.ts';

export const TEAM_MEMBERS_KEY = ['/api/users'];

export const getTeamMembers = (signal?: AbortSignal): Promise<TeamMember[]> => json(client.api.users.$get(undefined, { init: { signal } }));

export const teamMembersQueryOptions = () => queryOptions({ queryKey: TEAM_MEMBERS_KEY, queryFn: ({ signal }) => getTeamMembers(signal), staleTime: FRESH_AFTER_LOAD_MS });

export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions());
}
