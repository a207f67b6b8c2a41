// Generates a large, deterministic data set for the API benchmark: one company of 10,000 people
// (10,000 plans, 300,000 tasks, 100,000 messages) and 200 small companies around it, into a new
// SQLite file or an empty PostgreSQL database. The same seed gives the same rows (ids included) on
// either engine, so both are measured on one data set.
// Usage: npx tsx bench/data.ts [--out bench/out/scale.sqlite | --out postgres://user@host:port/db] [--info file]
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq, getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../api/auth/password.ts';
import type { Db } from '../api/db/client.ts';
import { openPostgres } from '../api/db/engines/postgres.ts';
import { openSqlite } from '../api/db/engines/sqlite.ts';
import * as pgSchema from '../api/db/schema.pg.ts';
import type { Schema } from '../api/db/schema.ts';
import * as sqliteSchema from '../api/db/schema.sqlite.ts';
import { DEMO_PASSWORD } from '../api/seed.ts';
import { sumPlans } from '../api/stats/plan-counters.ts';
import type { ChecklistItem } from '../shared/tasks.ts';
import { addDays } from '../shared/plan-calendar.ts';
import { SCALE_FORMAT, type ScaleInfo } from './scale-info.ts';

const { values: args } = parseArgs({ options: { out: { type: 'string', default: 'bench/out/scale.sqlite' }, info: { type: 'string' } } });
/** A postgres:// URL fills that (empty) database; anything else is a SQLite file, made anew. */
const toPostgres = /^postgres(ql)?:\/\//.test(args.out);
const outPath = toPostgres ? args.out : resolve(args.out);
const infoPath = resolve(args.info ?? (toPostgres ? 'bench/out/scale.json' : join(dirname(outPath), 'scale.json')));

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
const passwordHash = await hashPassword(DEMO_PASSWORD);

// ---- The target: the rows go in through each engine's fastest path ---------------------------
// drizzle's insert builder costs ~100 us a row, more than the database itself: the rows are written
// with raw statements built from the same table definitions (names, SQL types, driver mapping).
/** Parents before children: a flush writes the tables in this order, so every foreign key holds. */
const TABLES = [
  'companies',
  'subscriptions',
  'users',
  'templates',
  'templateSections',
  'templateTasks',
  'onboardingPlans',
  'onboardingTasks',
  'companyTemplateStats',
  'companyCompletionMonths',
  'messages',
] as const;
type TableName = (typeof TABLES)[number];
type NewRow<Name extends TableName> = Schema[Name]['$inferInsert'];
type Row = Record<string, unknown>;

type Target = {
  db: Db;
  tables: Schema;
  /** Inserts rows that all have the same keys (the generator always sets the same fields). */
  load: (table: TableName, rows: Row[]) => Promise<void>;
  finish: () => Promise<void>;
  close: () => Promise<void>;
};

/** The table's columns the rows set, with their values as the driver takes them (JSON as text, and so on). */
function columnsOf(table: Table, sample: Row) {
  return Object.entries(getTableColumns(table))
    .filter(([key]) => key in sample)
    .map(([key, column]) => ({ name: column.name, sqlType: column.getSQLType(), value: (row: Row) => (row[key] == null ? null : column.mapToDriverValue(row[key])) }));
}

/** Rows per PostgreSQL statement: one array parameter per column, so no limit on bound values. */
const PG_ROWS_PER_STATEMENT = 5_000;

async function openTarget(): Promise<Target> {
  if (toPostgres) {
    const { db, client, engine } = await openPostgres({ url: outPath, poolSize: 2 });
    const [existing] = await db.select({ id: pgSchema.companies.id }).from(pgSchema.companies).limit(1);
    if (existing) {
      await engine.close();
      throw new Error('The PostgreSQL database already has companies: fill an empty database.');
    }
    return {
      db,
      tables: pgSchema,
      // COPY-like: a batch travels as one array per column and unnest() turns it back into rows.
      load: async (name, rows) => {
        if (!rows[0]) return;
        const table = pgSchema[name];
        const columns = columnsOf(table, rows[0]);
        const text =
          `INSERT INTO "${getTableName(table)}" (${columns.map((column) => `"${column.name}"`).join(', ')}) ` +
          `SELECT * FROM unnest(${columns.map((column, i) => `$${i + 1}::${column.sqlType}[]`).join(', ')})`;
        for (let from = 0; from < rows.length; from += PG_ROWS_PER_STATEMENT) {
          const batch = rows.slice(from, from + PG_ROWS_PER_STATEMENT);
          await client.query(
            text,
            columns.map((column) => batch.map(column.value)),
          );
        }
      },
      // A bulk load leaves no statistics and no visibility map: plans and index-only scans need both.
      finish: async () => void (await client.query('VACUUM (ANALYZE)')),
      close: () => engine.close(),
    };
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(outPath + suffix, { force: true });
  const { db, client, engine } = openSqlite(outPath);
  // Generation only: the file is thrown away if this process dies, so no WAL and no fsyncs until the end.
  client.pragma('journal_mode = MEMORY');
  client.pragma('synchronous = OFF');
  return {
    db,
    tables: sqliteSchema as unknown as Schema,
    // One prepared statement per table, run row by row in one transaction per flush.
    load: async (name, rows) => {
      if (!rows[0]) return;
      const table = sqliteSchema[name];
      const columns = columnsOf(table, rows[0]);
      const insert = client.prepare(
        `INSERT INTO "${getTableName(table)}" (${columns.map((column) => `"${column.name}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      client.transaction(() => {
        for (const row of rows) insert.run(columns.map((column) => column.value(row)));
      })();
    },
    finish: async () => {
      client.pragma('journal_mode = WAL');
      client.exec('ANALYZE');
    },
    close: () => engine.close(),
  };
}

/** The password hash has a random salt: one per run, so it stays out of the fingerprint. */
const unsalted = (key: string, value: unknown) => (key === 'password' ? undefined : value);

/** Rows held before a flush writes them. */
const SPILL_ROWS = 20_000;

/** Buffers generated rows and writes them in big batches, parents first. */
class RowWriter {
  private pending = new Map<TableName, Row[]>(TABLES.map((name) => [name, []]));
  private held = 0;
  /** Of every row in generation order: equal fingerprints mean equal data sets, whatever the engine. */
  readonly fingerprint = createHash('sha256');

  constructor(private readonly target: Target) {}

  add<Name extends TableName>(table: Name, row: NewRow<Name>): void {
    this.pending.get(table)?.push(row);
    this.held++;
    this.fingerprint.update(`${table}${JSON.stringify(row, unsalted)}\n`);
  }

  /** Writes once enough rows are held (call between units of generation, e.g. after each plan). */
  async spill(): Promise<void> {
    if (this.held >= SPILL_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    for (const name of TABLES) {
      await this.target.load(name, this.pending.get(name) ?? []);
      this.pending.set(name, []);
    }
    this.held = 0;
  }
}

const target = await openTarget();
const out = new RowWriter(target);

/** Each company's plan figures, summed as the API maintains them (decision 008) and written at the end. */
const planFigures = new Map<string, ReturnType<typeof sumPlans>>();

/** Each company's sync counter: its synced rows get the next value, in creation order. */
const versions = new Map<string, number>();
function nextVersion(companyId: string): number {
  const version = (versions.get(companyId) ?? 0) + 1;
  versions.set(companyId, version);
  return version;
}

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
  checklistItems: ChecklistItem[] | null;
  personName: string | null;
  personRole: string | null;
  meetingTitle: string | null;
  order: number;
};
type Template = { id: string; duration: number; tasks: TemplateTask[] };

function addCompany(name: string, planType: 'starter' | 'growth' | 'business', createdMs: number): string {
  const id = uuid();
  out.add('companies', { id, name, address: `${1 + int(200)} Galle Road, Colombo`, planType, createdAt: iso(createdMs), updatedAt: iso(createdMs) });
  if (planType !== 'starter') {
    out.add('subscriptions', {
      id: uuid(),
      companyId: id,
      planType,
      billingPeriod: 'yearly',
      amount: planType === 'business' ? '180' : '45',
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'VISA',
      payhereOrderId: `order-${id}`,
      startDate: iso(createdMs),
      endDate: iso(createdMs + 365 * DAY_MS),
      isActive: true,
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    });
  }
  return id;
}

function addUser(company: { id: string; name: string }, email: string, role: 'admin' | 'manager' | 'new_hire', managerId: string | null, createdMs: number): Person {
  const id = uuid();
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  out.add('users', {
    id,
    email,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    role,
    companyId: company.id,
    managerId,
    password: passwordHash,
    companyName: company.name,
    accountType: role === 'admin' ? 'administrator' : 'team_member',
    isEmailVerified: true,
    authProvider: 'custom',
    createdAt: iso(createdMs),
    updatedAt: iso(createdMs),
  });
  return { id, email };
}

function addTemplate(companyId: string, createdBy: string, title: string, sections: typeof SECTIONS, tasksPerSection: number, createdMs: number): Template {
  const id = uuid();
  const duration = sections.at(-1)?.dayEnd ?? 90;
  const createdAt = iso(createdMs);
  const description = `How we welcome people to ${title.toLowerCase()}.`;
  out.add('templates', { id, title, description, companyId, createdBy, duration, isActive: true, version: nextVersion(companyId), createdAt, updatedAt: createdAt });
  const tasks: TemplateTask[] = [];
  sections.forEach((section, sectionIndex) => {
    const sectionId = uuid();
    out.add('templateSections', {
      id: sectionId,
      templateId: id,
      companyId,
      title: section.title,
      description: null,
      dayStart: section.dayStart,
      dayEnd: section.dayEnd,
      order: sectionIndex,
      createdAt,
    });
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
        checklistItems:
          type === 'checklist'
            ? [
                { id: 'a', text: 'Read it', isCompleted: false },
                { id: 'b', text: 'Try it', isCompleted: false },
              ]
            : null,
        personName: type === 'introduction' ? `${pick(FIRST)} ${pick(LAST)}` : null,
        personRole: type === 'introduction' ? 'Team lead' : null,
        meetingTitle: type === 'meeting' ? 'Check-in' : null,
        order: tasks.length,
      };
      const { sectionTitle: _section, dayStart: _start, dayEnd: _end, ...content } = task;
      out.add('templateTasks', { ...content, sectionId, companyId, order: i, createdAt });
      tasks.push(task);
    }
  });
  return { id, duration, tasks };
}

/** A plan copied from its template; completed plans have every task done, others those due a while ago mostly. */
function addPlan(options: { companyId: string; newHire: Person; manager: Person; createdBy: string; template: Template; startMs: number; completed: boolean }): {
  id: string;
  taskIds: string[];
} {
  const { companyId, template, startMs, completed } = options;
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
  // The maintained counters (decision 008), as the API would have left them.
  const figures = {
    templateId: template.id,
    isCompleted: completed,
    completedAt: completed ? iso(lastCompletedMs) : null,
    startDate,
    tasksTotal: taskRows.length,
    tasksDone: taskRows.filter((row) => row.done).length,
  };
  planFigures.set(companyId, sumPlans([figures], 1, planFigures.get(companyId)));
  out.add('onboardingPlans', {
    id,
    newHireId: options.newHire.id,
    managerId: options.manager.id,
    companyId,
    createdBy: options.createdBy,
    currentPhase: completed ? null : (current?.title ?? null),
    ...figures,
    // Every bench task is the new hire's own.
    newHireTasksTotal: figures.tasksTotal,
    newHireTasksDone: figures.tasksDone,
    version: nextVersion(companyId),
    createdAt: iso(startMs - 3 * DAY_MS),
    updatedAt: iso(completed ? lastCompletedMs : startMs),
  });
  for (const { task, dueDate, done, completedMs } of taskRows) {
    const taskId = uuid();
    taskIds.push(taskId);
    const { id: templateTaskId, ...content } = task;
    out.add('onboardingTasks', {
      ...content,
      id: taskId,
      planId: id,
      companyId,
      templateTaskId,
      dueDate,
      opensOn: addDays(startDate, task.dayStart - 1),
      assigneeId: options.newHire.id,
      isCompleted: done,
      completedBy: done ? options.newHire.id : null,
      completedAt: done ? iso(completedMs) : null,
      createdAt: iso(startMs - 3 * DAY_MS),
      version: nextVersion(companyId),
      updatedAt: iso(done ? completedMs : startMs),
    });
  }
  return { id, taskIds };
}

/** A conversation between a plan's new hire and manager, oldest first, one or two hours apart. */
function addMessages(plan: { id: string; companyId: string; newHire: Person; manager: Person; startMs: number }, total: number): string[] {
  const times: string[] = [];
  let at = plan.startMs + 9 * 3_600_000;
  for (let i = 0; i < total; i++) {
    at += (1 + int(48)) * 3_600_000;
    const fromHire = i % 2 === 1;
    const [sender, receiver] = fromHire ? [plan.newHire, plan.manager] : [plan.manager, plan.newHire];
    const createdAt = iso(Math.min(at, ANCHOR - (total - i) * 60_000));
    times.push(createdAt);
    out.add('messages', {
      id: uuid(),
      senderId: sender.id,
      receiverId: receiver.id,
      planId: plan.id,
      companyId: plan.companyId,
      content: pick(LINES),
      isRead: i < total - 2,
      // Sent before ANCHOR, long enough ago that the server's reminder job has mailed the unread ones: a
      // data set leaving them unmailed had every benchmarked server mail ~20,000 of them on the measured
      // core while it was being measured.
      emailNotified: i >= total - 2,
      version: nextVersion(plan.companyId),
      createdAt,
    });
  }
  return times;
}

// ---- The big company -------------------------------------------------------------------------
const big = { id: '', name: 'Scale Industries' };
let info: Pick<ScaleInfo, 'password' | 'companyId' | 'adminEmail' | 'managerEmail' | 'managerPlanCount' | 'newHireEmail' | 'planId' | 'taskIds' | 'taskId'> | undefined;
const bigPlans: { id: string; companyId: string; newHire: Person; manager: Person; startMs: number }[] = [];
let benchPlanIndex = -1;

try {
  {
    const createdMs = ANCHOR - 800 * DAY_MS;
    big.id = addCompany(big.name, 'business', createdMs);
    const domain = 'scale.kickoff.local';
    const admin = addUser(big, `admin@${domain}`, 'admin', null, createdMs);
    const managers = Array.from({ length: BIG.managers }, (_, i) => addUser(big, `manager${String(i + 1).padStart(3, '0')}@${domain}`, 'manager', null, createdMs + i * 3_600_000));
    const managerOf = (planIndex: number) => managers[planIndex % BIG.managers] as Person;
    // New hire i's (first) plan is plan i, so plan i's manager is theirs.
    const newHires = Array.from({ length: BIG.newHires }, (_, i) =>
      addUser(big, `hire${String(i + 1).padStart(5, '0')}@${domain}`, 'new_hire', managerOf(i).id, ANCHOR - 400 * DAY_MS + i * 3_000_000),
    );
    const templates = Array.from({ length: BIG.templates }, (_, i) =>
      addTemplate(big.id, i % 5 === 0 ? admin.id : (managers[i] ?? admin).id, `Role ${i + 1} onboarding`, SECTIONS, BIG.tasksPerPlan / SECTIONS.length, createdMs + i * DAY_MS),
    );

    // Plan i belongs to manager i % 200 (exactly 50 each); every new hire has one plan, and the
    // first few hundred also an older, completed one so the total is 10,000.
    for (let i = 0; i < BIG.plans; i++) {
      const manager = managerOf(i);
      const newHire = newHires[i % BIG.newHires] as Person;
      const secondPlan = i >= BIG.newHires;
      const startMs = secondPlan ? ANCHOR - (500 + int(200)) * DAY_MS : ANCHOR - int(365) * DAY_MS;
      const completed = secondPlan || (ANCHOR - startMs > 90 * DAY_MS ? random() < 0.9 : random() < 0.05);
      const template = pick(templates);
      const plan = addPlan({ companyId: big.id, newHire, manager, createdBy: i % 3 === 0 ? admin.id : manager.id, template, startMs, completed });
      bigPlans.push({ id: plan.id, companyId: big.id, newHire, manager, startMs });
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
      await out.spill();
    }
  }

  let messagesAfter = '';
  const perPlan = BIG.messages / BIG.plans;
  for (const [index, plan] of bigPlans.entries()) {
    const times = addMessages(plan, perPlan);
    if (index === benchPlanIndex) messagesAfter = times.at(-3) ?? '';
    await out.spill();
  }

  // ---- 200 small companies ---------------------------------------------------------------------
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
      addMessages({ id: plan.id, companyId: company.id, newHire, manager, startMs }, SMALL.messagesPerPlan);
    }
    await out.spill();
  }
  for (const [companyId, sums] of planFigures) {
    for (const [templateId, row] of sums.templates) out.add('companyTemplateStats', { companyId, templateId, ...row });
    for (const [month, completed] of sums.months) out.add('companyCompletionMonths', { companyId, month, completed });
  }
  await out.flush();

  const { companies } = target.tables;
  for (const [companyId, version] of versions) {
    // updatedAt as generated (drizzle would stamp it with the time of this run).
    await target.db
      .update(companies)
      .set({ version, updatedAt: sql`${companies.updatedAt}` })
      .where(eq(companies.id, companyId));
  }
  await target.finish();

  const counts: Record<string, number> = {};
  for (const name of TABLES) {
    const table = target.tables[name] as PgTable;
    const [row] = await target.db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row?.n ?? 0;
  }

  if (!info) throw new Error('No plan fit the benchmark new hire: the generator no longer makes one.');
  const maxVersion = versions.get(big.id) ?? 0;
  const scale: ScaleInfo = { format: SCALE_FORMAT, ...info, messagesAfter, recentCursor: maxVersion - 2_000, maxVersion, counts, fingerprint: out.fingerprint.digest('hex') };
  mkdirSync(dirname(infoPath), { recursive: true });
  writeFileSync(infoPath, JSON.stringify(scale, null, 2) + '\n');

  const where = toPostgres ? outPath.replace(/\/\/[^@/]*@/, '//') : outPath;
  console.log(`Wrote ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s (big company's sync version ${maxVersion}).`);
  console.table(counts);
  console.log(`Benchmark ids in ${infoPath}. Every account's password: ${DEMO_PASSWORD}`);
  console.log(`  admin ${scale.adminEmail}, manager of ${scale.managerPlanCount} plans ${scale.managerEmail}, new hire ${scale.newHireEmail}`);
} finally {
  await target.close();
}
