// Generates a large, deterministic data set for the API benchmark: one company of 10,000 people
// (10,000 plans, 300,000 tasks, 100,000 messages) and 200 small companies around it.
// Usage: npx tsx bench/data.ts [--out bench/out/scale.sqlite]
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '../api/auth/password.ts';
import { openDatabase } from '../api/db/client.ts';
import { DEMO_PASSWORD } from '../api/db/seed.ts';
import { addDays } from '../shared/onboarding.ts';

const { values: args } = parseArgs({ options: { out: { type: 'string', default: 'bench/out/scale.sqlite' } } });
const outPath = resolve(args.out);

/** What bench/api.ts reads: who signs in and which records it loads. */
export type ScaleInfo = {
  password: string;
  companyId: string;
  adminEmail: string;
  managerEmail: string;
  managerPlanCount: number;
  newHireEmail: string;
  planId: string;
  taskIds: string[];
  taskId: string;
  /** A timestamp just before the plan's last messages, for GET /api/messages/{planId}?after=. */
  messagesAfter: string;
  /** A sync cursor a little behind the newest version, for GET /api/sync/pull. */
  recentCursor: number;
  maxVersion: number;
};

const BIG = { managers: 200, newHires: 9_799, plans: 10_000, tasksPerPlan: 30, templates: 50, messages: 100_000 };
const SMALL = { companies: 200, newHires: 3, tasksPerPlan: 10, messagesPerPlan: 5 };
/** A fixed "today", so the same seed gives the same file whenever it runs. */
const ANCHOR = Date.parse('2026-11-01T09:00:00.000Z');
const DAY_MS = 86_400_000;

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = mulberry32(20_261_101);
const int = (max: number) => Math.floor(random() * max);
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;

/** A version-4-shaped UUID from the seeded generator (the API validates ids as UUIDs). */
function uuid(): string {
  const bytes = Array.from({ length: 16 }, () => int(256));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);

const FIRST = ['Amara', 'Nimal', 'Kavya', 'Dilan', 'Sachini', 'Ruwan', 'Ishara', 'Tharindu', 'Nadee', 'Kasun', 'Priya', 'Arjun', 'Maya', 'Leo', 'Sara', 'Omar'];
const LAST = ['Perera', 'Fernando', 'Silva', 'Jayasuriya', 'Bandara', 'Wickramasinghe', 'Dias', 'Mendis', 'Khan', 'Smith', 'Garcia', 'Chen'];
const SECTIONS = [
  { title: 'Week 1: Welcome', dayStart: 1, dayEnd: 7 },
  { title: 'Week 2: Tools and teams', dayStart: 8, dayEnd: 14 },
  { title: 'Weeks 3-4: First project', dayStart: 15, dayEnd: 30 },
  { title: 'Month 2: Ownership', dayStart: 31, dayEnd: 60 },
  { title: 'Month 3: Review', dayStart: 61, dayEnd: 90 },
];
const TASK_TYPES = ['checklist', 'resource', 'introduction', 'meeting'] as const;
const LINES = [
  'Welcome aboard! Let me know if anything is unclear.',
  'I finished the security training, what is next?',
  'Can we move our one-to-one to Thursday?',
  'The laptop arrived, setting it up now.',
  'Great progress this week, keep it up.',
  'Where do I find the deployment guide?',
];

const started = performance.now();
for (const suffix of ['', '-wal', '-shm']) rmSync(outPath + suffix, { force: true });
const passwordHash = await hashPassword(DEMO_PASSWORD);
const { sqlite } = openDatabase(outPath);
// Generation only: the file is thrown away if this process dies, so no WAL and no fsyncs until the end.
sqlite.pragma('journal_mode = MEMORY');
sqlite.pragma('synchronous = OFF');

const insert = {
  company: sqlite.prepare(
    `INSERT INTO companies (id, name, address, plan_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
  ),
  subscription: sqlite.prepare(
    `INSERT INTO subscriptions (id, company_id, plan_type, billing_period, amount, currency, status, payment_method,
       payhere_order_id, start_date, end_date, is_active, created_at, updated_at)
     VALUES (?, ?, ?, 'yearly', ?, 'USD', 'completed', 'VISA', ?, ?, ?, 1, ?, ?)`,
  ),
  user: sqlite.prepare(
    `INSERT INTO users (id, email, first_name, last_name, full_name, role, company_id, manager_id, password, company_name,
       account_type, is_email_verified, auth_provider, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'custom', ?, ?)`,
  ),
  setManager: sqlite.prepare(`UPDATE users SET manager_id = ? WHERE id = ?`),
  template: sqlite.prepare(
    `INSERT INTO templates (id, title, description, company_id, created_by, duration, is_active, version, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  ),
  section: sqlite.prepare(
    `INSERT INTO template_sections (id, template_id, title, description, day_start, day_end, "order", created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  templateTask: sqlite.prepare(
    `INSERT INTO template_tasks (id, section_id, title, description, type, resource_url, checklist_items, person_name,
       person_role, meeting_title, "order", created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  plan: sqlite.prepare(
    `INSERT INTO onboarding_plans (id, new_hire_id, template_id, manager_id, company_id, created_by, start_date,
       current_phase, is_completed, completed_at, version, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  task: sqlite.prepare(
    `INSERT INTO onboarding_tasks (id, plan_id, template_task_id, section_title, day_start, day_end, due_date,
       is_completed, completed_at, title, description, type, resource_url, checklist_items, person_name, person_role,
       meeting_title, "order", created_at, version, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  message: sqlite.prepare(
    `INSERT INTO messages (id, sender_id, receiver_id, plan_id, content, is_read, version, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
};

/** The global sync counter: every synced row gets the next value, in creation order. */
let version = 0;
const nextVersion = () => ++version;

type Person = { id: string; email: string };
type TemplateTask = {
  id: string;
  sectionTitle: string;
  dayStart: number;
  dayEnd: number;
  title: string;
  description: string;
  type: (typeof TASK_TYPES)[number];
  resourceUrl: string | null;
  checklistItems: string | null;
  personName: string | null;
  personRole: string | null;
  meetingTitle: string | null;
  order: number;
};
type Template = { id: string; duration: number; tasks: TemplateTask[] };

function addCompany(name: string, planType: 'starter' | 'growth' | 'business', createdMs: number): string {
  const id = uuid();
  insert.company.run(id, name, `${1 + int(200)} Galle Road, Colombo`, planType, iso(createdMs), iso(createdMs));
  if (planType !== 'starter') {
    insert.subscription.run(uuid(), id, planType, planType === 'business' ? '180' : '45', `order-${id}`, isoDate(createdMs), isoDate(createdMs + 365 * DAY_MS), iso(createdMs), iso(createdMs));
  }
  return id;
}

function addUser(
  company: { id: string; name: string },
  email: string,
  role: 'admin' | 'manager' | 'new_hire',
  managerId: string | null,
  createdMs: number,
): Person {
  const id = uuid();
  const first = pick(FIRST);
  const last = pick(LAST);
  const accountType = role === 'admin' ? 'administrator' : 'team_member';
  insert.user.run(id, email, first, last, `${first} ${last}`, role, company.id, managerId, passwordHash, company.name, accountType, iso(createdMs), iso(createdMs));
  return { id, email };
}

function addTemplate(companyId: string, createdBy: string, title: string, sections: typeof SECTIONS, tasksPerSection: number, createdMs: number): Template {
  const id = uuid();
  const duration = sections.at(-1)?.dayEnd ?? 90;
  insert.template.run(id, title, `How we welcome people to ${title.toLowerCase()}.`, companyId, createdBy, duration, nextVersion(), iso(createdMs), iso(createdMs));
  const tasks: TemplateTask[] = [];
  sections.forEach((section, sectionIndex) => {
    const sectionId = uuid();
    insert.section.run(sectionId, id, section.title, null, section.dayStart, section.dayEnd, sectionIndex, iso(createdMs));
    for (let i = 0; i < tasksPerSection; i++) {
      const type = TASK_TYPES[(sectionIndex + i) % TASK_TYPES.length] ?? 'checklist';
      const task: TemplateTask = {
        id: uuid(),
        sectionTitle: section.title,
        dayStart: section.dayStart,
        dayEnd: section.dayEnd,
        title: `${section.title.split(':')[0]} task ${i + 1}: ${type}`,
        description: 'Read the notes, do the steps, and tick it off when done.',
        type,
        resourceUrl: type === 'resource' ? 'https://example.com/handbook' : null,
        checklistItems: type === 'checklist' ? JSON.stringify([{ id: 'a', text: 'Read it', isCompleted: false }, { id: 'b', text: 'Try it', isCompleted: false }]) : null,
        personName: type === 'introduction' ? `${pick(FIRST)} ${pick(LAST)}` : null,
        personRole: type === 'introduction' ? 'Team lead' : null,
        meetingTitle: type === 'meeting' ? 'Check-in' : null,
        order: tasks.length,
      };
      insert.templateTask.run(task.id, sectionId, task.title, task.description, task.type, task.resourceUrl, task.checklistItems, task.personName, task.personRole, task.meetingTitle, i, iso(createdMs));
      tasks.push(task);
    }
  });
  return { id, duration, tasks };
}

/** A plan copied from its template; completed plans have every task done, others those due a while ago mostly. */
function addPlan(options: {
  companyId: string;
  newHire: Person;
  manager: Person;
  createdBy: string;
  template: Template;
  startMs: number;
  completed: boolean;
}): { id: string; taskIds: string[] } {
  const { template, startMs, completed } = options;
  const id = uuid();
  const startDate = isoDate(startMs);
  const today = isoDate(ANCHOR);
  const taskIds: string[] = [];
  let lastCompletedMs = startMs;
  const taskRows = template.tasks.map((task) => {
    const dueDate = addDays(startDate, task.dayEnd - 1);
    const done = completed || (dueDate < today ? random() < 0.85 : random() < 0.15);
    const completedMs = done ? Math.min(startMs + (task.dayStart - 1 + int(task.dayEnd - task.dayStart + 1)) * DAY_MS + int(DAY_MS / 2), ANCHOR - DAY_MS) : 0;
    if (done) lastCompletedMs = Math.max(lastCompletedMs, completedMs);
    return { task, dueDate, done, completedMs };
  });
  const current = SECTIONS.find((section) => addDays(startDate, section.dayEnd - 1) >= today);
  const planVersion = nextVersion();
  insert.plan.run(id, options.newHire.id, template.id, options.manager.id, options.companyId, options.createdBy, startDate, completed ? null : (current?.title ?? null), completed ? 1 : 0, completed ? iso(lastCompletedMs) : null, planVersion, iso(startMs - 3 * DAY_MS), iso(completed ? lastCompletedMs : startMs));
  for (const { task, dueDate, done, completedMs } of taskRows) {
    const taskId = uuid();
    taskIds.push(taskId);
    insert.task.run(taskId, id, task.id, task.sectionTitle, task.dayStart, task.dayEnd, dueDate, done ? 1 : 0, done ? iso(completedMs) : null, task.title, task.description, task.type, task.resourceUrl, task.checklistItems, task.personName, task.personRole, task.meetingTitle, task.order, iso(startMs - 3 * DAY_MS), nextVersion(), iso(done ? completedMs : startMs));
  }
  return { id, taskIds };
}

/** A conversation between a plan's new hire and manager, oldest first, one or two hours apart. */
function addMessages(plan: { id: string; newHire: Person; manager: Person; startMs: number }, count: number): string[] {
  const times: string[] = [];
  let at = plan.startMs + 9 * 3_600_000;
  for (let i = 0; i < count; i++) {
    at += (1 + int(48)) * 3_600_000;
    const fromHire = i % 2 === 1;
    const [sender, receiver] = fromHire ? [plan.newHire, plan.manager] : [plan.manager, plan.newHire];
    const createdAt = iso(Math.min(at, ANCHOR - (count - i) * 60_000));
    times.push(createdAt);
    insert.message.run(uuid(), sender.id, receiver.id, plan.id, pick(LINES), i < count - 2 ? 1 : 0, nextVersion(), createdAt);
  }
  return times;
}

// ---- The big company -------------------------------------------------------------------------
const big = { id: '', name: 'Scale Industries' };
let info!: Omit<ScaleInfo, 'recentCursor' | 'maxVersion' | 'messagesAfter'>;
const bigPlans: { id: string; newHire: Person; manager: Person; startMs: number }[] = [];
let benchPlanIndex = -1;

sqlite.transaction(() => {
  const createdMs = ANCHOR - 800 * DAY_MS;
  big.id = addCompany(big.name, 'business', createdMs);
  const domain = 'scale.kickoff.local';
  const admin = addUser(big, `admin@${domain}`, 'admin', null, createdMs);
  const managers = Array.from({ length: BIG.managers }, (_, i) =>
    addUser(big, `manager${String(i + 1).padStart(3, '0')}@${domain}`, 'manager', null, createdMs + i * 3_600_000),
  );
  const newHires = Array.from({ length: BIG.newHires }, (_, i) =>
    addUser(big, `hire${String(i + 1).padStart(5, '0')}@${domain}`, 'new_hire', null, ANCHOR - 400 * DAY_MS + i * 3_000_000),
  );
  const templates = Array.from({ length: BIG.templates }, (_, i) =>
    addTemplate(big.id, i % 5 === 0 ? admin.id : (managers[i] ?? admin).id, `Role ${i + 1} onboarding`, SECTIONS, BIG.tasksPerPlan / SECTIONS.length, createdMs + i * DAY_MS),
  );

  // Plan i belongs to manager i % 200 (exactly 50 each); every new hire has one plan, and the
  // first few hundred also an older, completed one so the total is 10,000.
  for (let i = 0; i < BIG.plans; i++) {
    const manager = managers[i % BIG.managers] as Person;
    const newHire = newHires[i % BIG.newHires] as Person;
    const secondPlan = i >= BIG.newHires;
    const startMs = secondPlan ? ANCHOR - (500 + int(200)) * DAY_MS : ANCHOR - int(365) * DAY_MS;
    const completed = secondPlan || (ANCHOR - startMs > 90 * DAY_MS ? random() < 0.9 : random() < 0.05);
    const template = pick(templates);
    const plan = addPlan({ companyId: big.id, newHire, manager, createdBy: i % 3 === 0 ? admin.id : manager.id, template, startMs, completed });
    if (!secondPlan) insert.setManager.run(manager.id, newHire.id);
    bigPlans.push({ id: plan.id, newHire, manager, startMs });
    // The benchmark's new hire: managed by the first manager, one plan, still in progress.
    if (benchPlanIndex < 0 && i % BIG.managers === 0 && i + BIG.newHires >= BIG.plans && !completed) {
      benchPlanIndex = i;
      info = {
        password: DEMO_PASSWORD,
        companyId: big.id,
        adminEmail: admin.email,
        managerEmail: manager.email,
        managerPlanCount: BIG.plans / BIG.managers,
        newHireEmail: newHire.email,
        planId: plan.id,
        taskIds: plan.taskIds,
        taskId: plan.taskIds[0] ?? '',
      };
    }
  }
})();

let messagesAfter = '';
sqlite.transaction(() => {
  const perPlan = BIG.messages / BIG.plans;
  bigPlans.forEach((plan, index) => {
    const times = addMessages(plan, perPlan);
    if (index === benchPlanIndex) messagesAfter = times.at(-3) ?? '';
  });
})();

// ---- 200 small companies ---------------------------------------------------------------------
sqlite.transaction(() => {
  for (let c = 0; c < SMALL.companies; c++) {
    const createdMs = ANCHOR - (30 + int(300)) * DAY_MS;
    const company = { id: '', name: `Small Co ${c + 1}` };
    company.id = addCompany(company.name, c % 10 === 0 ? 'growth' : 'starter', createdMs);
    const domain = `small-${String(c + 1).padStart(3, '0')}.kickoff.local`;
    const admin = addUser(company, `admin@${domain}`, 'admin', null, createdMs);
    const manager = addUser(company, `manager@${domain}`, 'manager', null, createdMs);
    const template = addTemplate(company.id, admin.id, 'Engineering onboarding', SECTIONS.slice(0, 2), SMALL.tasksPerPlan / 2, createdMs);
    for (let h = 0; h < SMALL.newHires; h++) {
      const newHire = addUser(company, `hire${h + 1}@${domain}`, 'new_hire', manager.id, createdMs + DAY_MS);
      const startMs = ANCHOR - int(60) * DAY_MS;
      const plan = addPlan({ companyId: company.id, newHire, manager, createdBy: admin.id, template, startMs, completed: random() < 0.3 });
      addMessages({ id: plan.id, newHire, manager, startMs }, SMALL.messagesPerPlan);
    }
  }
  sqlite.prepare('UPDATE sync_state SET version = ? WHERE id = 1').run(version);
})();

sqlite.pragma('journal_mode = WAL');
sqlite.exec('ANALYZE');
const counts = Object.fromEntries(
  ['companies', 'users', 'templates', 'template_sections', 'template_tasks', 'onboarding_plans', 'onboarding_tasks', 'messages', 'subscriptions'].map((table) => [
    table,
    (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
  ]),
);
sqlite.close();

const scale: ScaleInfo = { ...info, messagesAfter, recentCursor: version - 2_000, maxVersion: version };
const infoPath = join(dirname(outPath), 'scale.json');
writeFileSync(infoPath, JSON.stringify(scale, null, 2) + '\n');

console.log(`Wrote ${outPath} in ${((performance.now() - started) / 1000).toFixed(1)} s (sync version ${version}).`);
console.table(counts);
console.log(`Benchmark ids in ${infoPath}. Every account's password: ${DEMO_PASSWORD}`);
console.log(`  admin ${scale.adminEmail}, manager of ${scale.managerPlanCount} plans ${scale.managerEmail}, new hire ${scale.newHireEmail}`);
