// Roles and how they are named on screen (spec sections 1 and 6).
export const ROLES = ['admin', 'manager', 'new_hire'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'HR Admin',
  manager: 'Manager',
  new_hire: 'New Hire',
};

/** Short badge text used in lists (Admin / Manager / New Hire). */
export const ROLE_BADGES: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  new_hire: 'New Hire',
};

/** The home dashboard of each role; anything unknown is treated as admin on sign-in (spec 2). */
export function dashboardPathFor(role: string | null | undefined): string {
  if (role === 'manager') return '/manager-dashboard';
  if (role === 'new_hire') return '/new-hire-dashboard';
  return '/admin-dashboard';
}

/** The roles that run onboarding (templates, team, plans); a new hire is the one being onboarded. */
export const STAFF_ROLES = ['admin', 'manager'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaff(role: Role): role is StaffRole {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/**
 * DESIGN.md section 5: admins edit and delete every template, managers their own, new hires none.
 * Here rather than in templates.ts, so a route's guard does not bring the schemas (and valibot) along.
 */
export function canEditTemplate(user: { id: string; role: Role }, template: { createdBy: string | null }): boolean {
  if (user.role === 'admin') return true;
  return user.role === 'manager' && template.createdBy === user.id;
}
