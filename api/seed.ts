// Demo data for an empty database, made through the API's own use cases (hence here, above the features).
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { hashPassword } from './auth/password.ts';
import { createCompanyWithAdmin, createTeamMember } from './auth/auth.queries.ts';
import { ENGINEERING_TEMPLATE, OFFBOARDING_TEMPLATE, SALES_TEMPLATE } from './templates/demo-templates.ts';
import { createTemplate } from './templates/templates.queries.ts';
import { sendMessage } from './messages/messages.queries.ts';
import { assignPlanFromTemplate } from './onboarding/onboarding.queries.ts';
import { setTaskCompleted } from './onboarding/tasks.queries.ts';
import { toIsoDate } from '../shared/plan-calendar.ts';
import { first, transaction, type Db } from './db/client.ts';
import { companies, onboardingPlans } from './db/schema.ts';

/** The README's password: only for a demo nobody else can reach (config.demoSeed). */
export const DEMO_PASSWORD = 'Kickoff#2026';

/**
 * A password for a demo seeded on a reachable server: 128 random bits, plus one character of each class
 * the password rules ask for (shared/auth.ts), so it can also be typed into the change-password form.
 */
export function randomDemoPassword(): string {
  const pick = (characters: string) => characters.charAt(randomInt(characters.length));
  return randomBytes(16).toString('base64url') + pick('abcdefghijkmnpqrstuvwxyz') + pick('ABCDEFGHJKLMNPQRSTUVWXYZ') + pick('23456789') + pick('@$!%*?&');
}

export type SeedResult = { password: string; people: { role: string; email: string }[]; templates: string[] };

/** On an empty database only: creates the demo company, every account signing in with `password`. */
export async function seedDemo(db: Db, password = DEMO_PASSWORD): Promise<SeedResult | undefined> {
  if (await first(db.select({ id: companies.id }).from(companies).limit(1))) return undefined;
  const passwordHash = await hashPassword(password);

  const { company, user: admin } = await createCompanyWithAdmin(db, {
    fullName: 'Amara Perera',
    email: 'admin@demo.kickoff.local',
    passwordHash,
    companyName: 'Lanka Labs',
    companyAddress: '42 Galle Road, Colombo 03',
    isEmailVerified: true,
  });
  const member = (email: string, fullName: string, role: 'manager' | 'new_hire', managerId?: string) =>
    createTeamMember(db, { companyId: company.id, email, fullName, role, managerId, passwordHash, isEmailVerified: true });
  const manager = await member('manager@demo.kickoff.local', 'Nimal Fernando', 'manager');
  const hireOne = await member('newhire@demo.kickoff.local', 'Kavya Silva', 'new_hire', manager.id);
  const hireTwo = await member('newhire2@demo.kickoff.local', 'Dilan Jayasuriya', 'new_hire', manager.id);

  const engineeringTemplate = await createTemplate(db, admin, ENGINEERING_TEMPLATE);
  const salesTemplate = await createTemplate(db, manager, SALES_TEMPLATE);
  const offboardingTemplate = await createTemplate(db, admin, OFFBOARDING_TEMPLATE);

  // Demo plans, made as the manager would: Kavya ten days in and past halfway, Dilan three days in with one task done.
  const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));
  const demoPlan = async (hire: { id: string }, templateId: string, startedDaysAgo: number, tasksDone: number) => {
    const plan = await assignPlanFromTemplate(db, manager, { newHireId: hire.id, templateId, startDate: daysAgo(startedDaysAgo) });
    const newHire = { ...manager, id: hire.id, role: 'new_hire' as const, managerId: manager.id };
    // The team's part before day 1 is done (by the admin, who may tick any task); then the new hire's own first tasks.
    const isPreboarding = (task: { dayStart: number | null }) => (task.dayStart ?? 1) < 1;
    const before = plan.tasks.filter(isPreboarding);
    const own = plan.tasks.filter((task) => !isPreboarding(task) && task.assigneeKind === 'new_hire').slice(0, tasksDone);
    for (const [index, task] of [...before, ...own].entries()) {
      const completedAt = new Date(Date.now() - (startedDaysAgo - index) * 86_400_000).toISOString();
      await transaction(db, async (tx) => setTaskCompleted(tx, isPreboarding(task) ? admin : newHire, { taskId: task.id, isCompleted: true, completedAt }));
    }
    return { ...plan, lastTicked: own.at(-1) };
  };
  const kavyasPlan = await demoPlan(hireOne, engineeringTemplate.id, 10, 5);
  await demoPlan(hireTwo, salesTemplate.id, 3, 1);
  await db
    .update(onboardingPlans)
    .set({ currentPhase: kavyasPlan.lastTicked?.sectionTitle ?? kavyasPlan.currentPhase })
    .where(eq(onboardingPlans.id, kavyasPlan.id));

  // Demo conversations: a short thread on each demo plan, looked up here so it works whatever made the plans.
  const demoPlans = await db
    .select({ id: onboardingPlans.id, newHireId: onboardingPlans.newHireId })
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.companyId, company.id), isNull(onboardingPlans.deletedAt)))
    .orderBy(asc(onboardingPlans.createdAt), asc(onboardingPlans.id));
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  for (const plan of demoPlans) {
    const hire = [hireOne, hireTwo].find((person) => person.id === plan.newHireId);
    if (!hire) continue;
    const firstName = hire.fullName?.split(' ')[0] ?? 'there';
    const thread = [
      { from: manager, content: `Welcome to Lanka Labs, ${firstName}! Ping me here whenever you are stuck.`, createdAt: hoursAgo(50) },
      { from: hire, content: 'Thank you! Where do I find the laptop setup guide?', createdAt: hoursAgo(49) },
      { from: manager, content: 'It is linked in your first week tasks. Shout if anything is unclear.', createdAt: hoursAgo(3) },
    ];
    for (const message of thread) {
      await transaction(db, async (tx) => sendMessage(tx, message.from, { planId: plan.id, content: message.content, createdAt: message.createdAt }));
    }
  }

  return {
    password,
    people: [admin, manager, hireOne, hireTwo].map((person) => ({ role: person.role, email: person.email })),
    templates: [engineeringTemplate.title, salesTemplate.title, offboardingTemplate.title],
  };
}
