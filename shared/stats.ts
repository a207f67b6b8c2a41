// Company and team figures for the dashboards and /analytics (GET /api/companies/{companyId}/stats).
import type { PlanId } from './catalogue.ts';
import type { Role } from './roles.ts';

export const PROGRESS_BUCKETS = ['0-25', '26-50', '51-75', '76-100'] as const;
export type ProgressBucket = (typeof PROGRESS_BUCKETS)[number];

/** How many months "completions over time" covers, the current month included. */
export const COMPLETION_MONTHS = 6;

export type TemplateUsage = {
  templateId: string | null;
  /** null when the plan has no template any more. */
  title: string | null;
  plans: number;
  completed: number;
  /** completed / plans, as a whole percent. */
  completionRate: number;
};

export type RecentPlanActivity = {
  planId: string;
  newHireName: string;
  templateTitle: string | null;
  progressPercentage: number;
  isCompleted: boolean;
  updatedAt: string;
};

export type CompanyStats = {
  /** 'company' for admins, 'team' for a manager: only the plans they manage. */
  scope: 'company' | 'team';
  company: { id: string; name: string; planType: PlanId };
  /** Company: every user. Team: the manager and the new hires on their plans. */
  totalUsers: number;
  managers: number;
  newHires: number;
  teamDistribution: Record<Role, number>;
  totalPlans: number;
  activeOnboardings: number;
  completedOnboardings: number;
  /** Company: active templates and drafts. Team: the manager's own templates. */
  templates: number;
  /** completed / all plans, whole percent. */
  successRate: number;
  /** Mean of each plan's task progress, whole percent. */
  averageProgress: number;
  /** Completed tasks / all tasks over the plans in scope, whole percent. */
  taskCompletionRate: number;
  /** Mean days from startDate to completedAt over completed plans; null when none is completed. */
  averageDaysToComplete: number | null;
  mostUsedTemplate: TemplateUsage | null;
  /** Highest completion rate (ties: more plans). */
  mostEffectiveTemplate: TemplateUsage | null;
  progressDistribution: { range: ProgressBucket; plans: number }[];
  /** Oldest first, `month` as 'YYYY-MM' (UTC). */
  completionsByMonth: { month: string; completed: number }[];
  plansPerTemplate: TemplateUsage[];
  /** The 5 most recently changed plans. */
  recentActivity: RecentPlanActivity[];
};

/** The last `count` months as 'YYYY-MM' (UTC), oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, count = COMPLETION_MONTHS): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}
