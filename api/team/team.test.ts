import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlanDetails } from '../../shared/onboarding.ts';
import type { ManagerOption, TeamMember } from '../../shared/team.ts';
import { consumeToken } from '../auth/auth-tokens.ts';
import { createTeamMember } from '../auth/auth.queries.ts';
import { first } from '../db/client.ts';
import { onboardingPlans, sessions, users } from '../db/schema.ts';
import { insertTemplate } from '../onboarding/test-fixtures.ts';
import { MAX_PENDING_INVITATIONS, UNVERIFIED_INVITER_MESSAGE } from './team.queries.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;

beforeEach(async () => {
  ctx = await createTestContext({ APP_URL: 'https://kickoff.example' });
  acme = await ctx.createCompany('Acme');
});

function inviteLinkToken(to: string): string {
  const mail = ctx.mails.filter((m) => m.to === to).at(-1);
  const match = mail?.text.match(/https:\/\/kickoff\.example\/reset-password\?token=([^&\s]+)&invite=1/);
  if (!match?.[1]) throw new Error(`No invitation link mailed to ${to}`);
  return decodeURIComponent(match[1]);
}

async function invite(cookie: string, body: Record<string, unknown>) {
  return ctx.request('/api/users/invite', { method: 'POST', cookie, body });
}

describe('inviting', () => {
  it('creates the person in the inviter’s company and mails a set-password link', async () => {
    const response = await invite(acme.cookies.admin, { email: 'New.Person@Example.com', role: 'new_hire', managerId: acme.manager.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: 'new.person@example.com', role: 'new_hire', managerId: acme.manager.id });
    const token = inviteLinkToken('new.person@example.com');
    expect(await consumeToken(ctx.db, token)).toEqual({ userId: response.body.id, purpose: 'invite' });
    const row = await first(ctx.db.select().from(users).where(eq(users.id, response.body.id)));
    expect(row?.companyId).toBe(acme.company.id);
  });

  it('makes an inviting manager the new hire’s manager, and refuses a manager inviting a manager', async () => {
    const response = await invite(acme.cookies.manager, { email: 'hire@example.com', role: 'new_hire' });
    expect(response.body.managerId).toBe(acme.manager.id);
    expect((await invite(acme.cookies.manager, { email: 'boss@example.com', role: 'manager' })).status).toBe(403);
    expect((await invite(acme.cookies.newHire, { email: 'friend@example.com', role: 'new_hire' })).status).toBe(403);
  });

  it("treats 'none' as no manager", async () => {
    const response = await invite(acme.cookies.admin, { email: 'solo@example.com', role: 'new_hire', managerId: 'none' });
    expect(response.body.managerId).toBeNull();
  });

  it('answers 409 "already exists" for a taken email, in any letter case', async () => {
    const response = await invite(acme.cookies.admin, { email: acme.manager.email.toUpperCase(), role: 'new_hire' });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('already exists');
  });

  it('answers the spec’s messages for a bad email and a missing role', async () => {
    const response = await invite(acme.cookies.admin, { email: 'not-an-email', role: '' });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { message: string }) => issue.message)).toEqual(['Please enter a valid email address', 'Please select a role']);
  });

  it('gives "limit reached" for a second manager on Starter', async () => {
    const response = await invite(acme.cookies.admin, { email: 'second-manager@example.com', role: 'manager' });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain('limit reached');
  });

  it('lets only one of two manager invitations sent at once take the last free seat', async () => {
    expect((await ctx.request(`/api/users/${acme.manager.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    const responses = await Promise.all(['first-manager@example.com', 'second-manager@example.com'].map((email) => invite(acme.cookies.admin, { email, role: 'manager' })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 403]);
    const managers = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, acme.company.id), eq(users.role, 'manager')));
    expect(managers).toHaveLength(1);
  });

  it('limits invitations per inviter: the 21st in a minute meets 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 1; i <= 21; i++) {
      last = await invite(acme.cookies.admin, { email: `batch${i}@example.com`, role: 'new_hire' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ctx.mails.filter((mail) => mail.to === 'batch21@example.com')).toEqual([]);
    // Another inviter of the company still can.
    expect((await invite(acme.cookies.manager, { email: 'one-more@example.com', role: 'new_hire' })).status).toBe(201);
  });

  it('refuses an inviter whose own email is not verified, and mails nobody', async () => {
    await ctx.db.update(users).set({ isEmailVerified: false }).where(eq(users.id, acme.admin.id));
    const response = await invite(acme.cookies.admin, { email: 'stranger@example.com', role: 'new_hire' });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(UNVERIFIED_INVITER_MESSAGE);
    expect(await first(ctx.db.select().from(users).where(eq(users.email, 'stranger@example.com')))).toBeUndefined();
    expect(ctx.mails).toEqual([]);
  });

  it(`caps invitations waiting to be accepted at ${MAX_PENDING_INVITATIONS} per company`, async () => {
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i++) {
      await createTeamMember(ctx.db, { companyId: acme.company.id, email: `waiting${i}@example.com`, role: 'new_hire' });
    }
    const response = await invite(acme.cookies.admin, { email: 'one-too-many@example.com', role: 'new_hire' });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain('waiting to be accepted');
    // Another company is not affected.
    const globex = await ctx.createCompany('Globex');
    expect((await invite(globex.cookies.admin, { email: 'globex-hire@example.com', role: 'new_hire' })).status).toBe(201);
  });

  it('refuses a manager from another company', async () => {
    const globex = await ctx.createCompany('Globex');
    const response = await invite(acme.cookies.admin, { email: 'x@example.com', role: 'new_hire', managerId: globex.manager.id });
    expect(response.status).toBe(404);
  });
});

describe('resending an invitation', () => {
  it('issues a fresh link and voids the old one', async () => {
    const invited = await invite(acme.cookies.admin, { email: 'late@example.com', role: 'new_hire' });
    const oldToken = inviteLinkToken('late@example.com');
    const response = await ctx.request(`/api/users/${invited.body.id}/resend-invitation`, { method: 'POST', cookie: acme.cookies.admin });
    expect(response.status).toBe(200);
    const newToken = inviteLinkToken('late@example.com');
    expect(newToken).not.toBe(oldToken);
    expect(await consumeToken(ctx.db, oldToken)).toBeNull();
    expect((await consumeToken(ctx.db, newToken))?.userId).toBe(invited.body.id);
  });

  it('limits invitations and resends to one recipient (429), so nobody is mailed over and over', async () => {
    const invited = await invite(acme.cookies.admin, { email: 'patient@example.com', role: 'new_hire' });
    const resend = () => ctx.request(`/api/users/${invited.body.id}/resend-invitation`, { method: 'POST', cookie: acme.cookies.admin });
    for (let i = 0; i < 4; i++) expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(ctx.mails.filter((mail) => mail.to === 'patient@example.com')).toHaveLength(5);
  });

  it('refuses once they have signed in (409), for yourself, for non-admins, and for another company (404)', async () => {
    const resend = (id: string, cookie = acme.cookies.admin) => ctx.request(`/api/users/${id}/resend-invitation`, { method: 'POST', cookie });
    expect((await resend(acme.newHire.id)).status).toBe(409);
    expect((await resend(acme.admin.id)).status).toBe(400);
    const invited = await invite(acme.cookies.admin, { email: 'pending@example.com', role: 'new_hire' });
    expect((await resend(invited.body.id, acme.cookies.manager)).status).toBe(403);
    const globex = await ctx.createCompany('Globex');
    expect((await resend(invited.body.id, globex.cookies.admin)).status).toBe(404);
  });
});

describe('listing people', () => {
  it('gives admins and managers the whole company with plan progress, and a new hire themself and their manager', async () => {
    const template = await insertTemplate(ctx.db, acme.company.id);
    const plan = (
      await ctx.request('/api/onboarding-plans', {
        method: 'POST',
        cookie: acme.cookies.manager,
        body: { newHireId: acme.newHire.id, templateId: template.id, startDate: '2026-03-02' },
      })
    ).body as PlanDetails;
    await ctx.request(`/api/onboarding-tasks/${plan.tasks[0]?.id}`, { method: 'PATCH', cookie: acme.cookies.newHire, body: { isCompleted: true } });

    const team = (await ctx.request('/api/users', { cookie: acme.cookies.admin })).body as TeamMember[];
    expect(team.map((person) => person.role).sort()).toEqual(['admin', 'manager', 'new_hire']);
    const hire = team.find((person) => person.id === acme.newHire.id);
    expect(hire).toMatchObject({ managerId: acme.manager.id, managerName: 'Acme manager', isEmailVerified: true, plan: { id: plan.id, progressPercentage: 20 } });
    expect(team[0]).not.toHaveProperty('password');
    expect((await ctx.request('/api/users', { cookie: acme.cookies.manager })).body).toHaveLength(3);

    const own = (await ctx.request('/api/users', { cookie: acme.cookies.newHire })).body as TeamMember[];
    expect(own.map((person) => person.id).sort()).toEqual([acme.newHire.id, acme.manager.id].sort());

    const globex = await ctx.createCompany('Globex');
    const theirs = (await ctx.request('/api/users', { cookie: globex.cookies.admin })).body as TeamMember[];
    expect(theirs.some((person) => person.id === acme.newHire.id)).toBe(false);
  });

  it('lists managers and admins for admins only', async () => {
    const managers = (await ctx.request('/api/users/managers', { cookie: acme.cookies.admin })).body as ManagerOption[];
    expect(managers.map((person) => person.id).sort()).toEqual([acme.admin.id, acme.manager.id].sort());
    expect((await ctx.request('/api/users/managers', { cookie: acme.cookies.manager })).status).toBe(403);
  });
});

describe('deleting a person', () => {
  it('removes a new hire with their plan, and ends their sessions', async () => {
    const template = await insertTemplate(ctx.db, acme.company.id);
    await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { newHireId: acme.newHire.id, templateId: template.id, startDate: '2026-03-02', managerId: acme.manager.id },
    });
    const response = await ctx.request(`/api/users/${acme.newHire.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect(response.status).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, acme.newHire.id))).toEqual([]);
    expect((await ctx.request('/api/users', { cookie: acme.cookies.newHire })).status).toBe(401);
    expect((await ctx.request('/api/onboarding-plans', { cookie: acme.cookies.admin })).body).toEqual([]);
  });

  it('keeps a deleted manager’s plans, without a manager', async () => {
    const template = await insertTemplate(ctx.db, acme.company.id);
    const plan = (
      await ctx.request('/api/onboarding-plans', {
        method: 'POST',
        cookie: acme.cookies.manager,
        body: { newHireId: acme.newHire.id, templateId: template.id, startDate: '2026-03-02' },
      })
    ).body as PlanDetails;
    expect((await ctx.request(`/api/users/${acme.manager.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    const kept = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    expect(kept).toMatchObject({ managerId: null, deletedAt: null });
  });

  it('refuses yourself, non-admins, and another company’s person (404)', async () => {
    expect((await ctx.request(`/api/users/${acme.admin.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(400);
    expect((await ctx.request(`/api/users/${acme.newHire.id}`, { method: 'DELETE', cookie: acme.cookies.manager })).status).toBe(403);
    const globex = await ctx.createCompany('Globex');
    expect((await ctx.request(`/api/users/${acme.newHire.id}`, { method: 'DELETE', cookie: globex.cookies.admin })).status).toBe(404);
    expect(await first(ctx.db.select().from(users).where(eq(users.id, acme.newHire.id)))).toBeDefined();
  });
});
