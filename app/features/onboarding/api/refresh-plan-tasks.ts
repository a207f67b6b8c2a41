// After a write to one plan's tasks: the plan lists and details (progress, counts) and everyone's
// My tasks read fresh, since an added or reassigned task may land in anyone's inbox.
import type { QueryClient } from '@tanstack/react-query';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';

export function refreshPlanTasks(queryClient: QueryClient) {
  return Promise.all([refreshPlansAndPeople(queryClient), queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0] ?? '').startsWith('/api/my-tasks') })]);
}
