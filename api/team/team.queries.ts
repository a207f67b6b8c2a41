// People of a company: listing them as each role may, inviting, resending invitations, deleting.
import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { limitReachedMessage, withinPlanLimit } from '../../shared/catalogue.ts';
import { progressFromCounts } from '../../shared/progress.ts';
import { isStaff, type Role } from '../../shared/roles.ts';
import type { Invite, InvitedUser, ManagerOption, TeamMember } from '../../shared/team.ts';
import { INVITE_TOKEN_TTL_MS, issueToken } from '../auth/auth-tokens.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { type Db, first, lockCompany, nextVersion, transaction, type Tx } from '../db/client.ts';
import { companies, onboardingPlans, sessions, users } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, planLimitReached } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { invitationMail } from '../mail/account-mails.tsx';
import type { Mail } from '../mail/mailer.ts';
import { accountKey, consume, limits } from '../middleware/rate-limit.ts';
import { visiblePlansWhere } from '../onboarding/access.ts';
import { recordUserDeletion } from '../sync/tombstones.ts';
import { takePersonFiles } from '../uploads/file-cleanup.ts';
import { countManagers, taskCountsByPlan } from '../onboarding/onboarding.queries.ts';
import { currentPlanType } from '../subscriptions/plan-status.ts';
import { enqueueWebhookEvent, toWebhookPerson, webhookPerson } from '../webhooks/webhook-events.ts';

const managerOf = alias(users, 'team_manager');

/**
 * GET /api/users: admins and managers get the whole company (for pickers), a new hire themself and
 * their manager. Each person carries their newest plan the caller may see. Three queries in all.
 */
export async function findTeam(db: Db, viewer: CurrentUser): Promise<TeamMember[]> {
  const inCompany = eq(users.companyId, viewer.companyId);
  const scope = viewer.role === 'new_hire' ? and(inCompany, or(eq(users.id, viewer.id), viewer.managerId ? eq(users.id, viewer.managerId) : undefined)) : inCompany;
  const people = await db
    .select({ user: users, managerName: managerOf.fullName, managerEmail: managerOf.email })
    .from(users)
    .leftJoin(managerOf, eq(managerOf.id, users.managerId))
    .where(scope)
    .orderBy(users.createdAt, users.email);

  const plans = await db
    .select({ id: onboardingPlans.id, newHireId: onboardingPlans.newHireId, isCompleted: onboardingPlans.isCompleted })
    .from(onboardingPlans)
    .where(
      and(
        visiblePlansWhere(viewer),
        inArray(
          onboardingPlans.newHireId,
          people.map((p) => p.user.id),
        ),
      ),
    )
    .orderBy(desc(onboardingPlans.createdAt), desc(onboardingPlans.id));
  const newestPlan = new Map<string, (typeof plans)[number]>();
  for (const plan of plans) if (!newestPlan.has(plan.newHireId)) newestPlan.set(plan.newHireId, plan);
  const counts = await taskCountsByPlan(
    db,
    [...newestPlan.values()].map((plan) => plan.id),
  );

  return people.map(({ user, managerName, managerEmail }) => {
    const plan = newestPlan.get(user.id);
    const count = plan ? counts.get(plan.id) : undefined;
    return {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      role: user.role,
      isEmailVerified: user.isEmailVerified,
      hasSignedIn: user.password !== null || user.lastSignInAt !== null,
      managerId: user.managerId,
      managerName: managerName ?? managerEmail ?? null,
      createdAt: user.createdAt,
      plan: plan
        ? {
            id: plan.id,
            isCompleted: plan.isCompleted,
            ...progressFromCounts(count?.done ?? 0, count?.total ?? 0),
          }
        : null,
    };
  });
}

/** GET /api/users/managers: who can manage a plan (managers and admins of the company). */
export function findManagers(db: Db, companyId: string): Promise<ManagerOption[]> {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.role, ['manager', 'admin'])))
    .orderBy(users.fullName, users.email);
}

function companyPerson(db: Db | Tx, companyId: string, userId: string) {
  return first(
    db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId))),
  );
}

/** A fresh invitation token for the person, and the mail that carries it (rendered: call it outside a transaction). */
export async function issueInvitation(db: Db, appUrl: string, inviter: CurrentUser, person: { id: string; email: string }): Promise<Mail> {
  const token = await issueToken(db, person.id, 'invite', INVITE_TOKEN_TTL_MS);
  const company = await first(db.select({ name: companies.name }).from(companies).where(eq(companies.id, inviter.companyId)));
  return invitationMail({ to: person.email, appUrl, token, companyName: company?.name ?? null, inviterName: inviter.fullName ?? inviter.email });
}

/** Invitations not yet accepted that one company may have at once: each one is a mail to a stranger. */
export const MAX_PENDING_INVITATIONS = 100;
export const UNVERIFIED_INVITER_MESSAGE = 'Please verify your email address before inviting people.';

/**
 * Every invitation mails someone who did not ask for it, so only an inviter whose own address is
 * verified may send one, and no faster than the limits per inviter, company, client address and
 * recipient allow (429).
 */
async function assertMayInvite(db: Db, inviter: CurrentUser, from: { address: string; recipient: string }): Promise<void> {
  await assertVerifiedInviter(db, inviter);
  await consume(
    db,
    [limits.invitesPerInviter, inviter.id],
    [limits.invitesPerCompany, inviter.companyId],
    [limits.invitesPerAddress, from.address],
    [limits.invitesPerRecipient, accountKey(from.recipient)],
  );
}

async function assertVerifiedInviter(db: Db, inviter: CurrentUser): Promise<void> {
  const account = await first(db.select({ isEmailVerified: users.isEmailVerified }).from(users).where(eq(users.id, inviter.id)));
  if (!account?.isEmailVerified) throw forbidden(UNVERIFIED_INVITER_MESSAGE);
}

/**
 * A CSV import (api/people-import/) invites up to its file's rows at once: the same verified inviter, and
 * the import counts once against the inviter's, company's and address's invitation limits (each of its
 * recipients is a new address, and the company's pending-invitation cap bounds how many it mails).
 */
export async function assertMayImport(db: Db, inviter: CurrentUser, address: string): Promise<void> {
  await assertVerifiedInviter(db, inviter);
  await consume(db, [limits.invitesPerInviter, inviter.id], [limits.invitesPerCompany, inviter.companyId], [limits.invitesPerAddress, address]);
}

/** People of the company who were invited and have not set a password nor signed in yet. */
export async function countPendingInvitations(db: Db | Tx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.password), isNull(users.lastSignInAt)));
  return row?.n ?? 0;
}

/** Admins invite managers or new hires, managers new hires only, new hires nobody (DESIGN.md section 5). */
function assertInvitableRole(inviter: CurrentUser, role: Invite['role']): void {
  if (!isStaff(inviter.role)) throw forbidden();
  if (inviter.role === 'manager' && role !== 'new_hire') throw forbidden('Managers can only invite new hires.');
}

/** What an invitation needs: the invite request, and a name when the inviter knows it (a CSV import does). */
export type InviteeOptions = Invite & { fullName?: string | null };

/**
 * The rules of an invitation and the person's row, without rate limits or mail: admins invite managers or
 * new hires; managers invite new hires only and become their manager unless they name another; the
 * pending-invitation cap and the manager limit are counted under the company's lock. Shared by
 * POST /api/users/invite and the CSV import (which calls it inside its own transaction).
 */
export async function createInvitee(db: Db | Tx, inviter: CurrentUser, input: InviteeOptions) {
  assertInvitableRole(inviter, input.role);
  let managerId: string | null = null;
  if (input.role === 'new_hire') {
    managerId = input.managerId ?? (inviter.role === 'manager' ? inviter.id : null);
    if (managerId) {
      const boss = await companyPerson(db, inviter.companyId, managerId);
      if (!boss) throw notFound('Manager');
      if (!isStaff(boss.role)) throw badRequest('The manager must be a manager or an admin.');
    }
  }
  const person = { companyId: inviter.companyId, email: input.email, role: input.role, managerId, fullName: input.fullName ?? null };
  return transaction(db, async (tx) => {
    // Count, then insert: under the company row's lock, so two invitations at once (on two
    // instances) cannot both see a free seat or the last pending place.
    await lockCompany(tx, inviter.companyId);
    if ((await countPendingInvitations(tx, inviter.companyId)) >= MAX_PENDING_INVITATIONS) {
      throw forbidden(`${MAX_PENDING_INVITATIONS} invitations are still waiting to be accepted. Remove some before inviting more people.`);
    }
    if (input.role === 'manager') {
      const planType = await currentPlanType(tx, inviter.companyId);
      if (!withinPlanLimit(planType, 'managers', await countManagers(tx, inviter.companyId))) {
        throw planLimitReached(limitReachedMessage(planType, 'managers'));
      }
    }
    const member = await createTeamMember(tx, person);
    await enqueueWebhookEvent(tx, inviter.companyId, 'user.invited', async () => ({
      user: { ...toWebhookPerson(member), managerId: member.managerId },
      invitedBy: await webhookPerson(tx, inviter.id),
    }));
    return member;
  });
}

/**
 * POST /api/users/invite: the invitation's rules (createInvitee), within the invitation rate limits.
 * Returns the person and the invitation to send. `address` is the inviter's client address (for the rate limit).
 */
export async function inviteUser(db: Db, appUrl: string, inviter: CurrentUser, input: Invite, address: string): Promise<{ user: InvitedUser; mail: Mail }> {
  assertInvitableRole(inviter, input.role);
  await assertMayInvite(db, inviter, { address, recipient: input.email });
  const created = await createInvitee(db, inviter, input);
  const mail = await issueInvitation(db, appUrl, inviter, created);
  return { user: invitedUser(created), mail };
}

/** The answer's view of an invited person. */
function invitedUser(created: { id: string; email: string; role: Role; fullName: string | null; managerId: string | null }): InvitedUser {
  return { id: created.id, email: created.email, role: created.role, fullName: created.fullName, managerId: created.managerId };
}

/**
 * POST /api/users/{id}/resend-invitation (admin): a fresh link that voids the old one, until they sign
 * in. Limited with invitations (`address` is the admin's client address).
 */
export async function resendInvitation(db: Db, appUrl: string, admin: CurrentUser, userId: string, address: string): Promise<Mail> {
  if (userId === admin.id) throw badRequest('You cannot resend an invitation to yourself.');
  const person = await companyPerson(db, admin.companyId, userId);
  if (!person) throw notFound('User');
  if (person.password !== null || person.lastSignInAt !== null) {
    throw conflict('This person has already accepted their invitation and signed in.');
  }
  await assertMayInvite(db, admin, { address, recipient: person.email });
  return issueInvitation(db, appUrl, admin, person);
}

/**
 * DELETE /api/users/{id} (admin, not self). The foreign keys remove their own plans and every message
 * they sent or received with the account row, so those get sync tombstones first (one version, so
 * every other client's pull drops them); plans they managed lose their manager, their sessions end.
 * Answers the storage keys of their plans' files (the rows are gone): the route removes the bytes after the commit.
 */
export async function deleteTeamMember(db: Db, admin: CurrentUser, userId: string): Promise<string[]> {
  if (userId === admin.id) throw badRequest('You cannot delete your own account here. Use Delete Account instead.');
  return transaction(db, async (tx) => {
    const version = await nextVersion(tx, admin.companyId);
    // Looked up under the version's lock: of two deletions at once, the second finds nobody (404).
    const person = await companyPerson(tx, admin.companyId, userId);
    if (!person) throw notFound('User');
    // Read before the row goes: the payload names who was deleted.
    await enqueueWebhookEvent(tx, admin.companyId, 'user.deleted', async () => ({ user: toWebhookPerson(person), deletedBy: await webhookPerson(tx, admin.id) }));
    await recordUserDeletion(tx, { id: userId, companyId: admin.companyId }, version);
    await tx
      .update(users)
      .set({ managerId: null })
      .where(and(eq(users.companyId, admin.companyId), eq(users.managerId, userId)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const storageKeys = await takePersonFiles(tx, admin.companyId, userId);
    await tx.delete(users).where(eq(users.id, userId));
    return storageKeys;
  });
}
