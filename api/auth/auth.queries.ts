// Account queries: companies and their people.
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../shared/roles.ts';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';
import { conflict } from '../lib/app-error.ts';
import { ALREADY_EXISTS } from '../../shared/errors.ts';

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .get();
}

export function assertEmailFree(db: Db, email: string): void {
  if (findUserByEmail(db, email)) throw conflict(`A user with this email ${ALREADY_EXISTS}.`);
}

function splitName(fullName: string): { firstName: string; lastName: string | null } {
  const [firstName = fullName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.length ? rest.join(' ') : null };
}

export type CreateCompanyWithAdminOptions = {
  fullName: string;
  email: string;
  passwordHash: string;
  companyName: string;
  companyAddress: string;
  isEmailVerified?: boolean;
};

/** Sign-up: a new company and its first user, an administrator. */
export function createCompanyWithAdmin(db: Db, options: CreateCompanyWithAdminOptions) {
  return db.transaction((tx) => {
    assertEmailFree(tx as unknown as Db, options.email);
    const company = tx
      .insert(companies)
      .values({ name: options.companyName.trim(), address: options.companyAddress.trim() })
      .returning()
      .get();
    const user = tx
      .insert(users)
      .values({
        email: options.email.trim().toLowerCase(),
        fullName: options.fullName.trim(),
        ...splitName(options.fullName),
        password: options.passwordHash,
        role: 'admin',
        accountType: 'administrator',
        companyId: company.id,
        companyName: company.name,
        isEmailVerified: options.isEmailVerified ?? false,
      })
      .returning()
      .get();
    return { company, user };
  });
}

export type CreateTeamMemberOptions = {
  companyId: string;
  email: string;
  role: Exclude<Role, 'admin'> | 'admin';
  fullName?: string | null;
  managerId?: string | null;
  passwordHash?: string | null;
  isEmailVerified?: boolean;
};

/** A person added to an existing company (an invitation, or the demo seed). */
export function createTeamMember(db: Db, options: CreateTeamMemberOptions) {
  assertEmailFree(db, options.email);
  const company = db.select({ name: companies.name }).from(companies).where(eq(companies.id, options.companyId)).get();
  const names = options.fullName ? splitName(options.fullName) : { firstName: null, lastName: null };
  return db
    .insert(users)
    .values({
      email: options.email.trim().toLowerCase(),
      fullName: options.fullName?.trim() || null,
      ...names,
      role: options.role,
      accountType: 'team_member',
      companyId: options.companyId,
      companyName: company?.name ?? null,
      managerId: options.managerId ?? null,
      password: options.passwordHash ?? null,
      isEmailVerified: options.isEmailVerified ?? false,
    })
    .returning()
    .get();
}
