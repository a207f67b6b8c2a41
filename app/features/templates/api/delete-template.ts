// DELETE /api/templates/{id}: no longer offered for new onboardings; plans made from it keep their tasks.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';
import { TEMPLATES_KEY } from '../../../lib/api/get-templates.ts';
import { templateKey } from './get-template.ts';

export const deleteTemplate = (id: string) => json(client.api.templates[':id'].$delete({ param: { id } }));

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: templateKey(id) });
      // The template count, and plan cards that name the template, change with it.
      return Promise.all([queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true }), refreshPlansAndPeople(queryClient)]);
    },
  });
}
