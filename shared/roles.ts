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

export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'manager';
}
