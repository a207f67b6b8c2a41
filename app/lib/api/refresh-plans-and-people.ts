// After any plan or people change (assign, edit, remove, invite, delete a user): plan lists and
// details, people and the dashboards' figures all read fresh. Keys are URLs, so prefixes find them.
import type { QueryClient } from '@tanstack/react-query';

export function refreshPlansAndPeople(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0] ?? '');
      return key.startsWith('/api/onboarding-plans') || key.startsWith('/api/users') || key.endsWith('/stats');
    },
  });
}
