import { createFileRoute } from '@tanstack/react-router';
import { AssignOnboardingStep } from '../../features/onboarding/assign-onboarding-step.tsx';
import { InviteScreen } from '../../features/team/invite-screen.tsx';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { managersQueryOptions } from '../../lib/api/get-managers.ts';
import { settled } from '../../lib/query-client.ts';
import { requireStaff } from '../../lib/route-access.ts';

export const Route = createFileRoute('/_app/invite')({
  beforeLoad: ({ context }) => requireStaff(context.user),
  // Only an admin picks a manager (the server refuses the list to anyone else).
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context: { queryClient, user } }) => (user.role === 'admin' ? settled(queryClient.ensureQueryData(managersQueryOptions())) : undefined),
  component: InviteRoute,
});

function InviteRoute() {
  const user = useSignedInUser();
  return <InviteScreen currentUser={user} renderAssignStep={(invited, onDone) => <AssignOnboardingStep currentUser={user} invited={invited} onDone={onDone} />} />;
}
