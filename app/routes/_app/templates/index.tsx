import { createFileRoute } from '@tanstack/react-router';
import { TemplatesScreen } from '../../../features/templates/templates-screen.tsx';
import { useSignedInUser } from '../../../lib/api/get-current-user.ts';
import { templatesQueryOptions } from '../../../lib/api/get-templates.ts';
import { settled } from '../../../lib/query-client.ts';
import { requireStaff } from '../../../lib/route-access.ts';

export const Route = createFileRoute('/_app/templates/')({
  beforeLoad: ({ context }) => requireStaff(context.user),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) => settled(context.queryClient.ensureQueryData(templatesQueryOptions())),
  component: TemplatesRoute,
});

function TemplatesRoute() {
  return <TemplatesScreen user={useSignedInUser()} />;
}
