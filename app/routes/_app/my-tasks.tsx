import { createFileRoute } from '@tanstack/react-router';
import { myTasksQueryOptions } from '../../features/my-tasks/api/get-my-tasks.ts';
import { MyTasksScreen } from '../../features/my-tasks/my-tasks-screen.tsx';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { settled } from '../../lib/query-client.ts';

// Every role: staff read their tasks online; a new hire's come from the device (no request to wait for).
export const Route = createFileRoute('/_app/my-tasks')({
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) => (context.user.role === 'new_hire' ? undefined : settled(context.queryClient.ensureQueryData(myTasksQueryOptions()))),
  component: MyTasksRoute,
});

function MyTasksRoute() {
  return <MyTasksScreen user={useSignedInUser()} />;
}
