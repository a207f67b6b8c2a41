// POST /api/people/import/preview: every row of the CSV with its values and errors; nothing is written.
import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '../../../../shared/people-import.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const previewImport = (csv: string): Promise<ImportPreview> => json(client.api.people.import.preview.$post({ json: { csv } }));

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
