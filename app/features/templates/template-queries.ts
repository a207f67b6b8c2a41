// Server state for templates: the list, one template, and the writes that refresh both.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TemplateDetails, TemplateInputRaw, TemplateSummary } from '../../../shared/templates.ts';
import { api } from '../../lib/api-client.ts';

// Query keys joined by '/' are the URLs (spec section 7); the list key prefixes every template key.
export const TEMPLATES_KEY = ['/api/templates'] as const;
export const templateKey = (id: string) => ['/api/templates', id] as const;

export function useTemplates() {
  return useQuery<TemplateSummary[]>({ queryKey: TEMPLATES_KEY });
}

export function useTemplate(id: string) {
  return useQuery<TemplateDetails>({ queryKey: templateKey(id) });
}

export function useSaveTemplate(templateId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInputRaw) =>
      templateId
        ? api.patch<TemplateDetails>(`/api/templates/${templateId}`, input)
        : api.post<TemplateDetails>('/api/templates', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/templates/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: templateKey(id) });
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true });
    },
  });
}
