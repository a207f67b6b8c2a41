// POST /api/people/import: the invitations and plans of a CSV whose every row passed, all in one go.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../../shared/people-import.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const importPeople = (csv: string): Promise<ImportResult> => json(client.api.people.import.$post({ json: { csv } }));

export function useImportPeople() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importPeople, onSuccess: () => refreshPlansAndPeople(queryClient) });
}
