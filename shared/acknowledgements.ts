// Acknowledgement tasks (issue 19): a policy (text written in the editor, or a PDF) that the new hire
// reads and accepts by typing their full name. The record keeps a SHA-256 of exactly what was
// accepted, so a policy changed later is a new version and earlier acceptances keep theirs.
import * as v from 'valibot';
import type { PolicyFile } from './uploads.ts';

export const POLICY_TEXT_MAX = 50_000;
export const POLICY_REQUIRED_MESSAGE = 'Write the policy or attach its PDF';
export const FULL_NAME_REQUIRED_MESSAGE = 'Type your full name to accept';
export const FULL_NAME_MISMATCH_MESSAGE = 'Type your full name as it appears on your profile';
export const POLICY_CHANGED_MESSAGE = 'The policy changed while you were reading it. Read the new version, then accept it.';

const sha256Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'Invalid policy hash'));

/** POST /api/tasks/{taskId}/acknowledgement: the typed name, and the hash of the policy the screen showed. */
export const AcceptPolicySchema = v.object({
  fullName: v.pipe(v.string(FULL_NAME_REQUIRED_MESSAGE), v.trim(), v.minLength(1, FULL_NAME_REQUIRED_MESSAGE), v.maxLength(200, FULL_NAME_MISMATCH_MESSAGE)),
  sha256: sha256Hex,
});
export type AcceptPolicy = v.InferOutput<typeof AcceptPolicySchema>;

function normalisedName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/** The typed name must be the person's own (case and spacing aside); someone with no name on file types any. */
export function typedNameMatches(typed: string, profileName: string | null): boolean {
  if (!normalisedName(typed)) return false;
  return !profileName || normalisedName(typed) === normalisedName(profileName);
}

async function sha256OfBytes(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The hash of a policy: its PDF's (taken at upload), else its text's as UTF-8. Same on the device and the server. */
export async function policySha256(policy: { policyText: string | null; policyFile: PolicyFile | null }): Promise<string> {
  if (policy.policyFile) return policy.policyFile.sha256;
  return sha256OfBytes(new TextEncoder().encode(policy.policyText ?? ''));
}

/** One acceptance, as the Responses view and the export show it. */
export type AcknowledgementRecord = {
  id: string;
  taskId: string;
  planId: string;
  taskTitle: string;
  userId: string | null;
  /** The name typed to accept. */
  typedName: string;
  acceptedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  sha256: string;
  /** 1 for the first text of this policy anyone accepted, 2 for the next, ... */
  version: number;
  /** What was accepted: the text, or the PDF (kept while a record names it). */
  policyText: string | null;
  policyFile: PolicyFile | null;
  /** False once the task's policy has changed since. */
  isCurrent: boolean;
};
