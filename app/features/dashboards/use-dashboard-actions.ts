// Deleting a template from the admin dashboard, with the spec's toasts (section 8); figures refresh afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { PLANS_KEY, TEMPLATES_KEY } from './use-dashboard-data.ts';

function useRefreshDashboards() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
      queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).endsWith('/stats') }),
    ]);
}

export function useDeleteTemplate() {
  const refresh = useRefreshDashboards();
  return useMutation({
    mutationFn: (templateId: string) => api.delete(`/api/templates/${encodeURIComponent(templateId)}`),
    onSuccess: () => {
      notify.success('Template deleted successfully!');
      return refresh();
    },
    onError: (error) => notifyError(error, 'Error', 'Failed to delete template. Please try again.'),
  });
}
