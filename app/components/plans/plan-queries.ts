// Server data and changes for plans and people, shared by /team, /invite, the dashboards and the preview.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMIT_REACHED } from '../../../shared/errors.ts';
import type { AssignPlan, PlanDetails, PlanSummary, UpdatePlan } from '../../../shared/onboarding.ts';
import type { ManagerOption, TeamMember } from '../../../shared/team.ts';
import type { TemplateSummary } from '../../../shared/templates.ts';
import { api, ApiError } from '../../lib/api-client.ts';

export const PLANS_KEY = ['/api/onboarding-plans'];
export const USERS_KEY = ['/api/users'];
export const MANAGERS_KEY = ['/api/users/managers'];
export const TEMPLATES_KEY = ['/api/templates'];
export const planDetailsKey = (planId: string) => [`/api/onboarding-plans/${encodeURIComponent(planId)}/details`];

export function isLimitReached(error: unknown): boolean {
  return error instanceof ApiError && error.message.toLowerCase().includes(LIMIT_REACHED);
}

/** After any plan or people change: lists, plan details, people and dashboard figures read fresh. */
export function refreshPlansAndPeople(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0] ?? '');
      return key.startsWith('/api/onboarding-plans') || key.startsWith('/api/users') || key.endsWith('/stats');
    },
  });
}

export function usePlanDetails(planId: string, enabled = true) {
  return useQuery<PlanDetails>({ queryKey: planDetailsKey(planId), staleTime: 0, enabled });
}

export function useTeamMembers() {
  return useQuery<TeamMember[]>({ queryKey: USERS_KEY, staleTime: 0 });
}

/** Admins only (the server refuses others): who can manage a plan. */
export function useManagers(enabled: boolean) {
  return useQuery<ManagerOption[]>({ queryKey: MANAGERS_KEY, staleTime: 0, enabled });
}

/** Active templates only: drafts cannot be assigned. */
export function useActiveTemplates() {
  return useQuery<TemplateSummary[], Error, TemplateSummary[]>({
    queryKey: TEMPLATES_KEY,
    staleTime: 0,
    select: (templates) => templates.filter((template) => template.isActive),
  });
}

export function useAssignPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignPlan) => api.post<PlanDetails>('/api/onboarding-plans', input),
    onSuccess: () => refreshPlansAndPeople(queryClient),
  });
}

export function useUpdatePlan(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePlan) =>
      api.patch<PlanDetails>(`/api/onboarding-plans/${encodeURIComponent(planId)}`, {
        ...input,
        // null means "no manager" on the wire as 'none'; absent keeps the current one.
        managerId: input.managerId === null ? 'none' : input.managerId,
      }),
    onSuccess: () => refreshPlansAndPeople(queryClient),
  });
}

export function useRemovePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Pick<PlanSummary, 'id'>) => api.delete(`/api/onboarding-plans/${encodeURIComponent(plan.id)}`),
    onSuccess: () => refreshPlansAndPeople(queryClient),
  });
}
