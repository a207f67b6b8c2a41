/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// The weekly summary: each stuck plan the reader can see, with the new hire's progress and the oldest overdue task.
import { STUCK_AFTER_DAYS } from '../../../shared/notifications.ts';
import type { Progress } from '../../../shared/progress.ts';
import { MailButton, MailLayout, MailText } from '../../mail/components/mail-layout.tsx';
import { countOf, formatDay } from '../reminder-context.ts';
import type { StuckPlan } from '../weekly-summary.ts';
import { MailList, MailListItem } from './mail-list.tsx';

const progressText = (progress: Progress) => `${progress.completedTasks} of ${progress.totalTasks} done (${progress.progressPercentage}%)`;

function planDetails(plan: StuckPlan): string[] {
  const { oldestOverdue } = plan;
  return [
    `Their tasks: ${progressText(plan.newHireProgress)} · Whole plan: ${progressText(plan.planProgress)}`,
    `${countOf(plan.overdueTasks, 'task')} overdue; the oldest: “${oldestOverdue.title}”, due ${formatDay(oldestOverdue.dueDate)} (${countOf(oldestOverdue.daysOverdue, 'day')} ago)`,
  ];
}

export function WeeklySummaryMail({
  name,
  plans,
  planUrl,
  dashboardUrl,
  unsubscribeUrl,
}: {
  name: string;
  plans: StuckPlan[];
  planUrl: (planId: string) => string;
  dashboardUrl: string;
  unsubscribeUrl: string;
}) {
  const count = countOf(plans.length, 'onboarding plan');
  return (
    <MailLayout preview={`${count} ${plans.length === 1 ? 'has' : 'have'} tasks overdue for days.`} heading="Onboarding that is stuck" unsubscribeUrl={unsubscribeUrl}>
      <MailText>
        Hi {name}, {count} you look after {plans.length === 1 ? 'has' : 'have'} tasks overdue for more than {countOf(STUCK_AFTER_DAYS, 'day')}. A nudge now keeps the new hire's
        first weeks on track.
      </MailText>
      <MailList>
        {plans.map((plan) => (
          <MailListItem key={plan.id} name={plan.newHireName} details={planDetails(plan)} link={{ href: planUrl(plan.id), label: 'Open the plan' }} />
        ))}
      </MailList>
      <MailButton href={dashboardUrl}>Open your dashboard</MailButton>
    </MailLayout>
  );
}
