// Accounts: what the API answers for the signed-in person.
import type { Role } from './roles.ts';
import type { PlanId } from './catalogue.ts';

export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  companyId: string;
  managerId: string | null;
  isEmailVerified: boolean;
  accountType: string | null;
  createdAt: string;
  company: { id: string; name: string; planType: PlanId };
};

export function displayName(person: { fullName?: string | null; email: string }): string {
  return person.fullName?.trim() || person.email;
}

export function initials(person: { fullName?: string | null; email: string }): string {
  const words = displayName(person).split(/[\s@.]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}
