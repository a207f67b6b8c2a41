// Who may open a signed-in screen, checked in its route's beforeLoad (or loader, when it depends on
// the data): no screen checks it itself. A refusal is shown by components/ui/route-error.tsx.
import { STAFF_ROLES, type Role } from '../../shared/roles.ts';

export class AccessDeniedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccessDeniedError';
  }
}

/** Throws AccessDeniedError with the screen's own words unless `user` has one of `roles`. */
export function requireRole(user: { role: Role }, roles: readonly Role[], message: string): void {
  if (!roles.includes(user.role)) throw new AccessDeniedError(message);
}

/** The staff screens' guard (templates, team, invite), with their words for a new hire. */
export function requireStaff(user: { role: Role }): void {
  requireRole(user, STAFF_ROLES, "You don't have permission to access this page.");
}
