// POST /api/templates (new) or PATCH /api/templates/{id}: the whole template with its sections and tasks.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateDetails, TemplateInputRaw } from '../../../../shared/templates.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { TEMPLATES_KEY } from '../../../lib/api/get-templates.ts';
import { templateKey } from './get-template.ts';

export const saveTemplate = (templateId: string | undefined, input: TemplateInputRaw): Promise<TemplateDetails> =>
  templateId ? json(client.api.templates[':id'].$patch({ param: { id: templateId }, json: input })) : json(client.api.templates.$post({ json: input }));

export function useSaveTemplate(templateId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInputRaw) => saveTemplate(templateId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true });
    },
  });
}
