/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// The morning digest: the reader's open tasks that are overdue or due today, in two groups.
import { MailButton, MailLayout, MailText } from '../../mail/components/mail-layout.tsx';
import type { DigestTask } from '../morning-digest.ts';
import { countOf, formatDay } from '../reminder-context.ts';
import { MailList, MailListItem } from './mail-list.tsx';

function taskDetails(task: DigestTask): string {
  return [task.forNewHire ? `For ${task.forNewHire}` : null, `due ${formatDay(task.dueDate)}`].filter(Boolean).join(' · ');
}

export function MorningDigestMail({ name, tasks, myTasksUrl, unsubscribeUrl }: { name: string; tasks: DigestTask[]; myTasksUrl: string; unsubscribeUrl: string }) {
  const overdue = tasks.filter((task) => task.overdue);
  const dueToday = tasks.filter((task) => !task.overdue);
  const summary = [dueToday.length > 0 ? `${dueToday.length} due today` : null, overdue.length > 0 ? `${overdue.length} overdue` : null].filter(Boolean).join(' and ');
  return (
    <MailLayout preview={`Good morning: ${summary}.`} heading={`Good morning, ${name}`} unsubscribeUrl={unsubscribeUrl}>
      <MailText>
        You have {countOf(tasks.length, 'onboarding task')} waiting: {summary}.
      </MailText>
      {overdue.length > 0 ? (
        <MailList title="Overdue" tone="alert">
          {overdue.map((task) => (
            <MailListItem key={task.id} name={task.title} details={[taskDetails(task)]} />
          ))}
        </MailList>
      ) : null}
      {dueToday.length > 0 ? (
        <MailList title="Today">
          {dueToday.map((task) => (
            <MailListItem key={task.id} name={task.title} details={[taskDetails(task)]} />
          ))}
        </MailList>
      ) : null}
      <MailButton href={myTasksUrl}>Open my tasks</MailButton>
    </MailLayout>
  );
}
