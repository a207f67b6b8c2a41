// Team: the invite contract (spec section 5) and the people list the API answers with.
import * as v from 'valibot';
import { EmailSchema } from './auth.ts';
import type { Role } from './roles.ts';

export const INVITABLE_ROLES = ['manager', 'new_hire'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** POST /api/users/invite: managerId absent, '' or 'none' means no manager. */
export const InviteSchema = v.object({
  email: v.pipe(EmailSchema, v.toLowerCase()),
  role: v.picklist(INVITABLE_ROLES, 'Please select a role'),
  managerId: v.pipe(
    v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
    v.transform((value) => (value && value !== 'none' ? value : undefined)),
  ),
});
export type InviteInput = v.InferInput<typeof InviteSchema>;
export type Invite = v.InferOutput<typeof InviteSchema>;

/** The confirmation word an admin types to delete a person (spec section 5). */
export const DELETE_CONFIRMATION = 'DELETE';
export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRMATION;
}

/** A person as GET /api/users lists them. */
export type TeamMember = {
  id: string;
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  isEmailVerified: boolean;
  /** False until an invited person sets a password and signs in: only then is a resend refused. */
  hasSignedIn: boolean;
  managerId: string | null;
  managerName: string | null;
  createdAt: string;
  /** Their newest plan the caller may see, with its progress. */
  plan: { id: string; isCompleted: boolean; progressPercentage: number; completedTasks: number; totalTasks: number } | null;
};

/** GET /api/users/managers: people who can manage a plan. */
export type ManagerOption = { id: string; email: string; fullName: string | null; role: Role };

/** POST /api/users/invite answers the new person. */
export type InvitedUser = { id: string; email: string; role: Role; fullName: string | null; managerId: string | null };
