import { createFileRoute } from '@tanstack/react-router';
import { AssignPlanButton } from '../../features/onboarding/assign-plan-dialog.tsx';
import { ExportPeopleLink, ExportPlansLink } from '../../features/people-import/export-links.tsx';
import { ImportPeopleButton } from '../../features/people-import/import-people-dialog.tsx';
import { TeamScreen } from '../../features/team/team-screen.tsx';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { teamMembersQueryOptions } from '../../lib/api/get-team-members.ts';
import { settled } from '../../lib/query-client.ts';
import { requireStaff } from '../../lib/route-access.ts';

export const Route = createFileRoute('/_app/team')({
  beforeLoad: ({ context }) => requireStaff(context.user),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) => settled(context.queryClient.ensureQueryData(teamMembersQueryOptions())),
  component: TeamRoute,
});

function TeamRoute() {
  const user = useSignedInUser();
  return (
    <TeamScreen
      currentUser={user}
      assignPlan={<AssignPlanButton currentUser={user} />}
      csvTools={
        <>
          <ImportPeopleButton />
          <ExportPeopleLink />
          <ExportPlansLink />
        </>
      }
    />
  );
}
