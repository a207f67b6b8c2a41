// POST /api/policy-files?name=: a policy's PDF, sent as the raw request body (admins and managers).
// The server reads the type from the bytes, hashes them, and answers 201 with the PolicyFile the task
// then names; a file too large answers 413, one that is not a PDF 400, each with a message to show.
import { useMutation } from '@tanstack/react-query';
import type { PolicyFile } from '../../../shared/uploads.ts';
import { apiFetch } from '../api-client.ts';

export async function uploadPolicyFile(file: File, signal?: AbortSignal): Promise<PolicyFile> {
  const response = await apiFetch(`/api/policy-files?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf' },
    body: file,
    signal,
  });
  return (await response.json()) as PolicyFile;
}

export function useUploadPolicyFile() {
  return useMutation({ mutationFn: (file: File) => uploadPolicyFile(file) });
}

export type PolicyFileUpload = ReturnType<typeof useUploadPolicyFile>;
