// The greeting at the top of the new hire's dashboard. Its loading state draws the same card (the
// person is known before their plan), and so does the page the server sends a new hire before any
// script has run (vite.config.ts, kickoff:prerender): the greeting, the page's largest text, paints
// with the HTML instead of after the app's code and the first pull (issue 20, Lighthouse's LCP).
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { greetingName } from '../../../shared/auth.ts';
import { DecorativeIcon } from '../../components/ui/decorative-icon.tsx';

type WelcomeCardProps = { name: string; eyebrow: string; line: ReactNode; actions?: ReactNode; figure: ReactNode };

export function WelcomeCard({ name, eyebrow, line, actions, figure }: WelcomeCardProps) {
  return (
    <header className="card bg-primary text-primary-content shadow-sm">
      <div className="card-body flex-row items-center gap-4 p-5 md:p-6">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex items-center gap-1.5 text-sm opacity-90">
            <DecorativeIcon icon={Sparkles} className="size-4" /> {eyebrow}
          </p>
          <h1 className="text-2xl font-bold leading-tight md:text-3xl">Welcome, {name}!</h1>
          <p className="text-sm opacity-90 md:text-base">{line}</p>
          {actions && <div className="flex flex-wrap gap-2 pt-2">{actions}</div>}
        </div>
        {figure}
      </div>
    </header>
  );
}

/**
 * The dashboard until the plan is on the device. The greeting is for sight only: to a screen reader the
 * screen is loading, and its heading is the dashboard's once the plan is there.
 */
export function WelcomeLoading({ user }: { user: SessionUser }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <div aria-hidden="true">
        <WelcomeCard
          name={greetingName(user)}
          eyebrow="Your onboarding"
          line="Loading your onboarding plan..."
          // The size of the plan's progress ring, so the card keeps its height when the plan arrives.
          figure={
            <span className="grid size-[5.5rem] shrink-0 place-items-center">
              <span className="loading loading-spinner loading-lg" />
            </span>
          }
        />
      </div>
      <span className="sr-only">Loading your onboarding plan...</span>
    </div>
  );
}
