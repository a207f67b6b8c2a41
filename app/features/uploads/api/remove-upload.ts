// DELETE /api/files/{fileId}: an uploaded file leaves its task (which reopens when none is left).
// Online only: the server removes the stored bytes; the task comes back without it through the engine.
import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/typed-client.ts';

export async function removeUpload(fileId: string): Promise<void> {
  await client.api.files[':fileId'].$delete({ param: { fileId } });
}

export function useRemoveUpload() {
  return useMutation({ mutationFn: removeUpload });
}
