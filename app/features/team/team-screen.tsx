// /team (admin and manager): everyone in the company with their plan progress, and the ways to add people.
import { Link } from '@tanstack/react-router';
import { ClipboardList, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { Role } from '../../../shared/roles.ts';
import { AssignPlanDialog } from '../../components/plans/assign-plan-dialog.tsx';
import { TeamList } from '../../components/team/team-list.tsx';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function TeamScreen({ currentUser }: { currentUser: { id: string; role: Role } }) {
  const [assigning, setAssigning] = useState(false);
  if (currentUser.role === 'new_hire') return <AccessDenied message="You don't have permission to access this page." />;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Team"
        description="Everyone in your company, their role and how far along their onboarding is."
        actions={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setAssigning(true)}>
              <ClipboardList className="size-4" aria-hidden="true" />
              Assign Existing User to Onboarding
            </button>
            <Link to="/invite" className="btn btn-primary">
              <UserPlus className="size-4" aria-hidden="true" />
              Invite User
            </Link>
          </>
        }
      />
      <TeamList currentUser={currentUser} />
      <AssignPlanDialog open={assigning} onClose={() => setAssigning(false)} currentUser={currentUser} />
    </section>
  );
}
