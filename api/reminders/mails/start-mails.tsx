/** @jsxRuntime automatic */
// (The pragma: tsx, which runs the server, reads no tsconfig for api/, so JSX would default to React.createElement.)
// The new hire's start mails: the welcome on day 1, and the note on the day their preboarding opens.
import { MailButton, MailLayout, MailText } from '../../mail/components/mail-layout.tsx';
import { countOf } from '../reminder-context.ts';

type StartMailProps = { name: string; companyName: string; managerName: string; dashboardUrl: string; unsubscribeUrl: string };

export function WelcomeMail({ name, companyName, managerName, dashboardUrl, unsubscribeUrl }: StartMailProps) {
  return (
    <MailLayout
      preview={`Today is your first day at ${companyName}. Your onboarding plan is ready.`}
      heading={`Welcome to ${companyName}, ${name}!`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <MailText>Today is your first day. Everyone at {companyName} is glad you are here.</MailText>
      <MailText>
        Your onboarding plan is ready in Kickoff: today's tasks, the people to meet and where to find things. {managerName} is there for any question along the way.
      </MailText>
      <MailButton href={dashboardUrl}>See today's tasks</MailButton>
    </MailLayout>
  );
}

export function PreboardingMail({ name, companyName, managerName, startDate, tasks, dashboardUrl, unsubscribeUrl }: StartMailProps & { startDate: string; tasks: number }) {
  return (
    <MailLayout preview={`A few things to do before your first day on ${startDate}.`} heading={`Hi ${name}, your preboarding starts today`} unsubscribeUrl={unsubscribeUrl}>
      <MailText>
        Your first day at {companyName} is {startDate}. To make it a smooth one, {countOf(tasks, 'task')} before then {tasks === 1 ? 'is' : 'are'} waiting for you in Kickoff.
      </MailText>
      <MailText>Take them at your own pace; {managerName} can help with anything unclear.</MailText>
      <MailButton href={dashboardUrl}>Start preboarding</MailButton>
    </MailLayout>
  );
}
