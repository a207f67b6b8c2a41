// /team (admin and manager, checked by its route): everyone in the company with their plan progress,
// and the ways to add people.
import type { ReactNode } from 'react';
import type { Role } from '../../../shared/roles.ts';
import { InviteLink } from '../../components/ui/action-links.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TeamList } from './team-list.tsx';

/**
 * `assignPlan`: the onboarding feature's Assign Existing User button; `csvTools`: the people-import
 * feature's Import CSV and export buttons. Both handed in by the route.
 */
export function TeamScreen({ currentUser, assignPlan, csvTools }: { currentUser: { id: string; role: Role }; assignPlan: ReactNode; csvTools?: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Team"
        description="Everyone in your company, their role and how far along their onboarding is."
        actions={
          <>
            {csvTools}
            {assignPlan}
            <InviteLink />
          </>
        }
      />
      <TeamList currentUser={currentUser} />
    </section>
  );
}
