// PATCH /api/company (admins): the company's name, contact details, time zone and Helpful Resources links.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanySettings, CompanySettingsInput } from '../../../../shared/company.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { CURRENT_USER_KEY } from '../../../lib/api/get-current-user.ts';
import { COMPANY_KEY } from '../../../lib/api/get-company.ts';

export const updateCompany = (input: CompanySettingsInput): Promise<CompanySettings> => json(client.api.company.$patch({ json: input }));

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (saved) => {
      queryClient.setQueryData(COMPANY_KEY, saved);
      // The company's name shows in the top bar and user menu (the signed-in user) and on the dashboards' figures;
      // a new time zone re-times the reminder jobs (GET /api/jobs).
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === CURRENT_USER_KEY[0] || query.queryKey[0] === '/api/jobs' || String(query.queryKey[0] ?? '').endsWith('/stats'),
      });
    },
  });
}
