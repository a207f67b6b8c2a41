// Account queries: companies and their people.
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth.ts';
import type { Role } from '../../shared/roles.ts';
import { type Db, first, nextVersion, transaction } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { companies, users } from '../db/schema.ts';
import { ensureCompanyJobs } from '../jobs/jobs.queries.ts';
import { conflict, emailTaken } from '../lib/app-error.ts';
import { currentPlanType } from '../subscriptions/plan-status.ts';
import { recordUserDeletion } from '../sync/tombstones.ts';
import { takeCompanyFiles, takePersonFiles } from '../uploads/file-cleanup.ts';
import { hashToken, newToken } from './tokens.ts';

export function findUserByEmail(db: Db, email: string) {
  return first(
    db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase())),
  );
}

export async function assertEmailFree(db: Db, email: string): Promise<void> {
  if (await findUserByEmail(db, email)) throw emailTaken();
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

/** Sign-up: a new company and its first user, an administrator; the company's jobs are timed from `now`. */
export function createCompanyWithAdmin(db: Db, options: CreateCompanyWithAdminOptions, now = new Date()) {
  return transaction(db, async (tx) => {
    await assertEmailFree(tx, options.email);
    const [company] = await tx.insert(companies).values({ name: options.companyName.trim(), address: options.companyAddress.trim() }).returning();
    if (!company) throw new Error('The company was not created');
    await ensureCompanyJobs(tx, company.id, company.timeZone, now);
    const [user] = await tx
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
      .returning();
    if (!user) throw new Error('The admin was not created');
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
export async function createTeamMember(db: Db, options: CreateTeamMemberOptions) {
  await assertEmailFree(db, options.email);
  const company = await first(db.select({ name: companies.name }).from(companies).where(eq(companies.id, options.companyId)));
  const names = options.fullName ? splitName(options.fullName) : { firstName: null, lastName: null };
  const [user] = await db
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
    .returning();
  if (!user) throw new Error('The person was not created');
  return user;
}

const statements = preparedFor((db) => ({
  sessionUser: db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: users.role,
      companyId: users.companyId,
      managerId: users.managerId,
      isEmailVerified: users.isEmailVerified,
      accountType: users.accountType,
      createdAt: users.createdAt,
      companyName: companies.name,
      companyPlanType: companies.planType,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth.sessionUser'),
}));

/** What GET /api/auth/user answers: the person and their company, never the password or token hashes. */
export async function getSessionUser(db: Db, userId: string): Promise<SessionUser | undefined> {
  const [row] = await statements(db).sessionUser.execute({ userId });
  if (!row) return undefined;
  const { companyName, companyPlanType, ...user } = row;
  // Starter is where every lapsed plan ends, so only a paid plan needs currentPlanType's subscription check.
  const planType = companyPlanType === 'starter' ? 'starter' : await currentPlanType(db, row.companyId);
  return { ...user, company: { id: row.companyId, name: companyName, planType } };
}

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** A fresh verification token (only its hash is kept; an earlier one stops working). */
export async function issueEmailVerification(db: Db, userId: string, now = Date.now()): Promise<string> {
  const { token, tokenHash } = newToken();
  await db
    .update(users)
    .set({ emailVerificationToken: tokenHash, emailVerificationExpires: new Date(now + EMAIL_VERIFICATION_TTL_MS).toISOString() })
    .where(eq(users.id, userId));
  return token;
}

/** Marks the address verified; returns the user id, or null for an unknown, used or expired token. */
export async function verifyEmailToken(db: Db, token: string, now = Date.now()): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ isEmailVerified: true, emailVerificationToken: null, emailVerificationExpires: null })
    .where(and(eq(users.emailVerificationToken, hashToken(token)), gt(users.emailVerificationExpires, new Date(now).toISOString())))
    .returning({ id: users.id });
  return row?.id ?? null;
}

export async function setPassword(db: Db, userId: string, passwordHash: string, options: { verifyEmail?: boolean } = {}): Promise<void> {
  await db
    .update(users)
    .set({
      password: passwordHash,
      ...(options.verifyEmail ? { isEmailVerified: true, emailVerificationToken: null, emailVerificationExpires: null } : {}),
    })
    .where(eq(users.id, userId));
}

export async function updateProfile(db: Db, userId: string, profile: { fullName: string; profileImageUrl?: string | null }): Promise<void> {
  await db
    .update(users)
    .set({
      fullName: profile.fullName.trim(),
      ...splitName(profile.fullName),
      ...(profile.profileImageUrl !== undefined ? { profileImageUrl: profile.profileImageUrl || null } : {}),
    })
    .where(eq(users.id, userId));
}

export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: new Date().toISOString() }).where(eq(users.id, userId));
}

export const LAST_ADMIN_MESSAGE =
  'You are the last admin of your company and other people still use it. Remove them first, or ask support to hand the company over, then delete your account.';

/**
 * Deletes the caller's own account. The last admin of a company that still has people gets 409;
 * the last person of a company takes the company (and everything in it) with them.
 * Sessions go with the user row (foreign-key cascade); so do their plans and messages, which get
 * sync tombstones first so the other people's devices drop them too. `storageKeys`: the bytes of their
 * files (the company's, when it goes), for the route to remove after the commit.
 */
export function deleteOwnAccount(db: Db, user: { id: string; companyId: string; role: Role }): Promise<{ companyDeleted: boolean; storageKeys: string[] }> {
  return transaction(db, async (tx) => {
    // First, so the company row's lock serialises two people of one company leaving at once.
    const version = await nextVersion(tx, user.companyId);
    const others = await tx
      .select({ role: users.role, n: count() })
      .from(users)
      .where(and(eq(users.companyId, user.companyId), ne(users.id, user.id)))
      .groupBy(users.role);
    const otherPeople = others.reduce((sum, row) => sum + row.n, 0);
    if (otherPeople === 0) {
      const storageKeys = await takeCompanyFiles(tx, user.companyId);
      await tx.delete(companies).where(eq(companies.id, user.companyId));
      return { companyDeleted: true, storageKeys };
    }
    const otherAdmins = others.find((row) => row.role === 'admin')?.n ?? 0;
    if (user.role === 'admin' && otherAdmins === 0) throw conflict(LAST_ADMIN_MESSAGE);
    await recordUserDeletion(tx, user, version);
    const storageKeys = await takePersonFiles(tx, user.companyId, user.id);
    await tx.delete(users).where(and(eq(users.id, user.id), eq(users.companyId, user.companyId)));
    return { companyDeleted: false, storageKeys };
  });
}
