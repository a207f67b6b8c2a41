import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { webhooksQueryOptions } from '../../features/webhooks/api/get-webhooks.ts';
import { WebhooksScreen } from '../../features/webhooks/webhooks-screen.tsx';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';

export const Route = createFileRoute('/_app/settings/webhooks')({
  beforeLoad: ({ context }) => requireRole(context.user, ['admin'], 'You need admin privileges to manage webhooks.'),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) => settled(context.queryClient.ensureQueryData(webhooksQueryOptions())),
  pendingComponent: () => <LoadingScreen label="Loading webhooks..." />,
  component: WebhooksScreen,
});
