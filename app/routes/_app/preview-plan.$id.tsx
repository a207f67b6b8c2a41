import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { PreviewPlanScreen } from '../../features/onboarding/preview-plan-screen.tsx';

export const Route = createFileRoute('/_app/preview-plan/$id')({
  component: PreviewPlanRoute,
});

function PreviewPlanRoute() {
  const { id } = Route.useParams();
  const { data: user } = useCurrentUser();
  return user ? <PreviewPlanScreen planId={id} currentUser={user} /> : null;
}
