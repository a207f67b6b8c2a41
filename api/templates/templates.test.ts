import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_ZERO_MESSAGE, TEMPLATE_PRESENCE, type TemplateDetails, type TemplateInputRaw, type TemplateSummary } from '../../shared/templates.ts';
import { seedDemo } from '../seed.ts';
import { first } from '../db/client.ts';
import { companies, onboardingPlans, templatePresence, templateSections, templates, templateTasks, users } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { ASSIGNEE_NOT_IN_COMPANY_MESSAGE } from './templates.queries.ts';

function templateBody(overrides: Partial<TemplateInputRaw> = {}): TemplateInputRaw {
  return {
    title: 'Engineering Onboarding',
    description: 'First weeks for engineers',
    duration: 30,
    isActive: true,
    sections: [
      {
        title: 'Week 1',
        description: 'Settle in',
        dayStart: 1,
        dayEnd: 7,
        tasks: [
          { title: 'Set up laptop', type: 'checklist', checklistItems: [{ id: 'c1', text: 'Install Node' }] },
          {
            title: 'Watch the welcome video',
            type: 'resource',
            resourceUrl: 'https://handbook.example.com',
            videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            videoTitle: 'Welcome',
            attachments: [{ id: 'a1', type: 'document', url: 'https://files.example.com/guide.pdf', name: 'Guide', size: 1024 }],
          },
        ],
      },
      {
        title: 'Week 2',
        dayStart: 8,
        dayEnd: 14,
        tasks: [
          { title: 'Meet your buddy', type: 'introduction', personName: 'Ravi', personRole: 'Staff Engineer', personPhoto: 'https://i.example.com/ravi.jpg' },
          { title: 'Team sync', type: 'meeting', meetingTitle: 'Weekly sync', meetingDate: '2026-03-02T09:30:00.000Z', meetingAttendees: ['Ravi', 'Anu'] },
        ],
      },
    ],
    ...overrides,
  };
}

describe('templates API', () => {
  let ctx: TestContext;
  let acme: Awaited<ReturnType<TestContext['createCompany']>>;

  beforeEach(async () => {
    ctx = await createTestContext();
    acme = await ctx.createCompany('Acme');
  });

  async function createAs(cookie: string, body: TemplateInputRaw = templateBody()): Promise<TemplateDetails> {
    const res = await ctx.request('/api/templates', { method: 'POST', body, cookie });
    expect(res.status).toBe(201);
    return res.body as TemplateDetails;
  }

  async function addPlan(templateId: string, newHireId = acme.newHire.id) {
    const [plan] = await ctx.db.insert(onboardingPlans).values({ newHireId, templateId, companyId: acme.company.id, startDate: '2026-01-05' }).returning();
    if (!plan) throw new Error('addPlan: no row returned');
    return plan;
  }

  async function templateRow(id: string) {
    return first(ctx.db.select().from(templates).where(eq(templates.id, id)));
  }

  async function companyVersion(companyId: string) {
    return (await first(ctx.db.select({ version: companies.version }).from(companies).where(eq(companies.id, companyId))))?.version;
  }

  it('creates a template with ordered sections and tasks of every type, and reads it back', async () => {
    const created = await createAs(acme.cookies.admin);
    expect(created.id).toEqual(expect.any(String));
    expect(created.createdBy).toBe(acme.admin.id);

    const res = await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin });
    expect(res.status).toBe(200);
    const template = res.body as TemplateDetails;
    expect(template).toMatchObject({ title: 'Engineering Onboarding', duration: 30, isActive: true });
    expect(template.sections.map((s) => [s.title, s.dayStart, s.dayEnd])).toEqual([
      ['Week 1', 1, 7],
      ['Week 2', 8, 14],
    ]);
    expect(template.sections[0]?.tasks.map((t) => t.type)).toEqual(['checklist', 'resource']);
    expect(template.sections[0]?.tasks[1]).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      attachments: [{ name: 'Guide', size: 1024 }],
    });
    expect(template.sections[1]?.tasks[1]).toMatchObject({ meetingAttendees: ['Ravi', 'Anu'], meetingDate: '2026-03-02T09:30:00.000Z' });
  });

  it('lists templates with section, task and used-in counts', async () => {
    const created = await createAs(acme.cookies.admin);
    await addPlan(created.id);
    const deletedPlan = await addPlan(created.id);
    await ctx.db.update(onboardingPlans).set({ deletedAt: new Date().toISOString() }).where(eq(onboardingPlans.id, deletedPlan.id));

    const res = await ctx.request('/api/templates', { cookie: acme.cookies.manager });
    expect(res.status).toBe(200);
    const [summary] = res.body as TemplateSummary[];
    expect(summary).toMatchObject({ id: created.id, sectionCount: 2, taskCount: 4, usedInCount: 1, createdBy: acme.admin.id });
  });

  it('rejects invalid templates with the spec messages', async () => {
    const cases: [TemplateInputRaw, string][] = [
      [templateBody({ title: '  ' }), 'Title is required'],
      [templateBody({ duration: 0 }), 'Duration must be at least 1 day'],
      [templateBody({ sections: [{ title: 'S', dayStart: 0, dayEnd: 3 }] }), DAY_ZERO_MESSAGE],
      [templateBody({ sections: [{ title: 'S', dayStart: -91, dayEnd: -1 }] }), 'Start day must be at least -90'],
      [templateBody({ sections: [{ title: 'S', dayStart: -3, dayEnd: 0 }] }), DAY_ZERO_MESSAGE],
      [templateBody({ kind: 'exit' as never }), 'Kind must be onboarding or offboarding'],
      [templateBody({ sections: [{ title: 'S', dayStart: 5, dayEnd: 3 }] }), 'End day must be on or after the start day'],
      [templateBody({ duration: 10, sections: [{ title: 'S', dayStart: 1, dayEnd: 14 }] }), 'End day must be within the template duration (10 days)'],
      [
        templateBody({ sections: [{ title: 'S', dayStart: 1, dayEnd: 2, tasks: [{ title: 'T', type: 'resource', resourceUrl: 'javascript:alert(1)' }] }] }),
        'Resource URL must be a valid http(s) URL',
      ],
      [
        templateBody({ sections: [{ title: 'S', dayStart: 1, dayEnd: 2, tasks: [{ title: 'T', type: 'meeting', meetingDate: 'next tuesday' }] }] }),
        'Meeting date must be a valid date and time',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.request('/api/templates', { method: 'POST', body, cookie: acme.cookies.admin });
      expect(res.status, message).toBe(400);
      expect(res.body.issues.map((issue: { message: string }) => issue.message)).toContain(message);
    }
    const tooMany = templateBody({ sections: Array.from({ length: 51 }, () => ({ title: 'S', dayStart: 1, dayEnd: 2 })) });
    expect((await ctx.request('/api/templates', { method: 'POST', body: tooMany, cookie: acme.cookies.admin })).status).toBe(400);
    expect((await ctx.request('/api/templates', { cookie: acme.cookies.admin })).body).toEqual([]);
  });

  it('stores the kind, business days, who does each task, release and preboarding windows, and answers them', async () => {
    const body = templateBody({
      kind: 'offboarding',
      businessDays: true,
      sections: [
        {
          title: 'Before day 1',
          dayStart: -14,
          dayEnd: -1,
          tasks: [
            { title: 'Order a laptop for {{first_name}}', type: 'checklist', assigneeKind: 'person', assigneePersonId: acme.manager.id },
            { title: 'Say hello', description: 'Write to {{first_name}} before {{start_date}}', type: 'checklist', assigneeKind: 'buddy' },
          ],
        },
        {
          title: 'Week 1',
          dayStart: 1,
          dayEnd: 7,
          tasks: [
            { title: 'Book the first 1:1', type: 'meeting', assigneeKind: 'manager' },
            { title: 'Sign the contract', type: 'checklist', assigneeKind: 'hr', releaseDaysBefore: 3 },
            { title: 'Read the handbook', type: 'resource' },
          ],
        },
      ],
    });
    const created = await createAs(acme.cookies.admin, body);
    const read = (await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails;
    for (const template of [created, read]) {
      expect(template).toMatchObject({ kind: 'offboarding', businessDays: true });
      expect(template.sections.map((section) => [section.dayStart, section.dayEnd])).toEqual([
        [-14, -1],
        [1, 7],
      ]);
      expect(template.sections.flatMap((section) => section.tasks.map((task) => [task.title, task.assigneeKind, task.assigneePersonId, task.releaseDaysBefore]))).toEqual([
        ['Order a laptop for {{first_name}}', 'person', acme.manager.id, null],
        ['Say hello', 'buddy', null, null],
        ['Book the first 1:1', 'manager', null, null],
        ['Sign the contract', 'hr', null, 3],
        ['Read the handbook', 'new_hire', null, null],
      ]);
      // A template keeps the placeholders as written: each plan fills them with its own values.
      expect(template.sections[0]?.tasks[1]?.description).toBe('Write to {{first_name}} before {{start_date}}');
    }
    const [summary] = (await ctx.request('/api/templates', { cookie: acme.cookies.admin })).body as TemplateSummary[];
    expect(summary).toMatchObject({ kind: 'offboarding', businessDays: true });

    // Left out, a template is an onboarding one counting calendar days; a person id given with another kind is dropped.
    const plain = await createAs(
      acme.cookies.admin,
      templateBody({ sections: [{ title: 'S', dayStart: 1, dayEnd: 2, tasks: [{ title: 'T', type: 'checklist', assigneeKind: 'manager', assigneePersonId: acme.admin.id }] }] }),
    );
    expect(plain).toMatchObject({ kind: 'onboarding', businessDays: false });
    expect(plain.sections[0]?.tasks[0]).toMatchObject({ assigneeKind: 'manager', assigneePersonId: null, releaseDaysBefore: null });
  });

  it('refuses a named person outside the company, or none, with the field of that task', async () => {
    const globex = await ctx.createCompany('Globex');
    const withPerson = (assigneePersonId: string | null) =>
      templateBody({
        sections: [
          {
            title: 'S',
            dayStart: 1,
            dayEnd: 2,
            tasks: [
              { title: 'Fine', type: 'checklist', assigneeKind: 'person', assigneePersonId: acme.newHire.id },
              { title: 'Order laptop', type: 'checklist', assigneeKind: 'person', assigneePersonId },
            ],
          },
        ],
      });
    const versionBefore = await companyVersion(acme.company.id);
    for (const personId of [globex.admin.id, crypto.randomUUID()]) {
      const res = await ctx.request('/api/templates', { method: 'POST', body: withPerson(personId), cookie: acme.cookies.admin });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'sections.0.tasks.1.assigneePersonId', message: ASSIGNEE_NOT_IN_COMPANY_MESSAGE }]);
    }
    const missing = await ctx.request('/api/templates', { method: 'POST', body: withPerson(null), cookie: acme.cookies.admin });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({ path: 'sections.0.tasks.1.assigneePersonId', message: 'Choose the person who does this task' });
    expect((await ctx.request('/api/templates', { cookie: acme.cookies.admin })).body).toEqual([]);
    expect(await companyVersion(acme.company.id)).toBe(versionBefore);

    // PATCH checks the same, and a refused save leaves the stored template as it was.
    const created = await createAs(acme.cookies.admin, withPerson(acme.manager.id));
    const patch = await ctx.request(`/api/templates/${created.id}`, { method: 'PATCH', body: withPerson(globex.manager.id), cookie: acme.cookies.admin });
    expect(patch.status).toBe(400);
    expect(patch.body.issues).toEqual([{ path: 'sections.0.tasks.1.assigneePersonId', message: ASSIGNEE_NOT_IN_COMPANY_MESSAGE }]);
    const after = (await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails;
    expect(after.sections[0]?.tasks[1]?.assigneePersonId).toBe(acme.manager.id);
  });

  it('refuses unknown placeholders in task titles and descriptions', async () => {
    const withTask = (task: { title: string; description?: string }) =>
      templateBody({ sections: [{ title: 'S', dayStart: 1, dayEnd: 2, tasks: [{ ...task, type: 'checklist' }] }] });
    const known = '{{first_name}}, {{last_name}}, {{manager_name}}, {{buddy_name}}, {{start_date}}, {{company_name}}';
    const title = await ctx.request('/api/templates', { method: 'POST', body: withTask({ title: 'Welcome {{nickname}}' }), cookie: acme.cookies.admin });
    expect(title.status).toBe(400);
    expect(title.body.issues).toContainEqual({ path: 'sections.0.tasks.0.title', message: `Unknown placeholder {{nickname}}: use ${known}` });
    const description = await ctx.request('/api/templates', {
      method: 'POST',
      body: withTask({ title: 'Welcome {{first_name}}', description: 'Ask {{ manager_name }} about {{team}}' }),
      cookie: acme.cookies.admin,
    });
    expect(description.status).toBe(400);
    expect(description.body.issues).toContainEqual({ path: 'sections.0.tasks.0.description', message: `Unknown placeholder {{team}}: use ${known}` });
    expect((await ctx.request('/api/templates', { cookie: acme.cookies.admin })).body).toEqual([]);
  });

  it('PATCH replaces the sections and tasks', async () => {
    const created = await createAs(acme.cookies.admin);
    const res = await ctx.request(`/api/templates/${created.id}`, {
      method: 'PATCH',
      cookie: acme.cookies.admin,
      body: templateBody({ title: 'Renamed', isActive: false, sections: [{ title: 'Only section', dayStart: 2, dayEnd: 3, tasks: [{ title: 'One', type: 'checklist' }] }] }),
    });
    expect(res.status).toBe(200);
    const after = (await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails;
    expect(after).toMatchObject({ title: 'Renamed', isActive: false });
    expect(after.sections.map((s) => s.title)).toEqual(['Only section']);
    expect(after.sections[0]?.tasks.map((t) => t.title)).toEqual(['One']);
  });

  it('PATCH keeps the ids of the sections and tasks it is sent back, and gives new ones to the rest', async () => {
    const created = await createAs(acme.cookies.admin);
    const other = await createAs(acme.cookies.admin, templateBody({ title: 'Other' }));
    const [week1, week2] = created.sections;
    const [laptop, video] = week1?.tasks ?? [];
    const foreignTaskId = other.sections[0]?.tasks[0]?.id;
    const body = templateBody({
      sections: [
        {
          id: week2?.id,
          title: 'Week 2, now first',
          dayStart: 1,
          dayEnd: 7,
          // The laptop task moves here; the other template's id and an unknown one are not taken.
          tasks: [
            { id: laptop?.id, title: 'Set up laptop', type: 'checklist' },
            { id: foreignTaskId, title: 'Not theirs', type: 'checklist' },
            { id: crypto.randomUUID(), title: 'Brand new', type: 'checklist' },
            // The same id twice is kept once.
            { id: video?.id, title: 'Watch the welcome video', type: 'checklist' },
            { id: video?.id, title: 'Copy of the video', type: 'checklist' },
          ],
        },
      ],
    });
    const res = await ctx.request(`/api/templates/${created.id}`, { method: 'PATCH', body, cookie: acme.cookies.admin });
    expect(res.status).toBe(200);
    const [section] = (res.body as TemplateDetails).sections;
    expect(section?.id).toBe(week2?.id);
    const ids = section?.tasks.map((task) => task.id) ?? [];
    expect(ids[0]).toBe(laptop?.id);
    expect(ids[3]).toBe(video?.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids).not.toContain(foreignTaskId);
    expect(((await ctx.request(`/api/templates/${other.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails).sections[0]?.tasks[0]?.id).toBe(foreignTaskId);
    // A new template never takes ids it is sent.
    const copy = await createAs(acme.cookies.admin, body);
    expect(copy.sections[0]?.id).not.toBe(week2?.id);
    expect(copy.sections[0]?.tasks.map((task) => task.id)).not.toContain(laptop?.id);
  });

  it('PATCH with a broken task leaves the stored template untouched', async () => {
    const created = await createAs(acme.cookies.admin);
    const before = (await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body;
    const broken = templateBody({
      title: 'Changed title',
      sections: [
        {
          title: 'New',
          dayStart: 1,
          dayEnd: 2,
          tasks: [
            { title: 'Fine', type: 'checklist' },
            { title: '', type: 'meeting' },
          ],
        },
      ],
    });
    const res = await ctx.request(`/api/templates/${created.id}`, { method: 'PATCH', body: broken, cookie: acme.cookies.admin });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'sections.0.tasks.1.title', message: 'Task title is required' });
    const after = (await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body;
    expect(after).toEqual(before);
  });

  it('a manager may read and list an admin template but gets 403 editing or deleting it', async () => {
    const adminTemplate = await createAs(acme.cookies.admin);
    expect((await ctx.request(`/api/templates/${adminTemplate.id}`, { cookie: acme.cookies.manager })).status).toBe(200);
    const patch = await ctx.request(`/api/templates/${adminTemplate.id}`, { method: 'PATCH', body: templateBody({ title: 'Hijack' }), cookie: acme.cookies.manager });
    expect(patch.status).toBe(403);
    expect((await ctx.request(`/api/templates/${adminTemplate.id}`, { method: 'DELETE', cookie: acme.cookies.manager })).status).toBe(403);
    const stored = (await ctx.request(`/api/templates/${adminTemplate.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails;
    expect(stored.title).toBe('Engineering Onboarding');

    const own = await createAs(acme.cookies.manager, templateBody({ title: 'Sales' }));
    const ownPatch = await ctx.request(`/api/templates/${own.id}`, { method: 'PATCH', body: templateBody({ title: 'Sales v2' }), cookie: acme.cookies.manager });
    expect(ownPatch.status).toBe(200);
    // Admins may edit everyone's.
    const adminPatch = await ctx.request(`/api/templates/${own.id}`, { method: 'PATCH', body: templateBody({ title: 'Sales v3' }), cookie: acme.cookies.admin });
    expect(adminPatch.status).toBe(200);
    expect(adminPatch.body.title).toBe('Sales v3');
  });

  it('a new hire gets 403 on create and list, and reads only the template of their own plan', async () => {
    const create = await ctx.request('/api/templates', { method: 'POST', body: templateBody(), cookie: acme.cookies.newHire });
    expect(create.status).toBe(403);
    expect((await ctx.request('/api/templates', { cookie: acme.cookies.newHire })).status).toBe(403);

    const theirs = await createAs(acme.cookies.admin);
    const other = await createAs(acme.cookies.admin, templateBody({ title: 'Other' }));
    await addPlan(theirs.id);
    expect((await ctx.request(`/api/templates/${theirs.id}`, { cookie: acme.cookies.newHire })).status).toBe(200);
    expect((await ctx.request(`/api/templates/${other.id}`, { cookie: acme.cookies.newHire })).status).toBe(404);
    expect((await ctx.request(`/api/templates/${theirs.id}`, { method: 'DELETE', cookie: acme.cookies.newHire })).status).toBe(403);
  });

  it("another company's template answers 404 on GET, PATCH and DELETE and never shows in lists", async () => {
    const globex = await ctx.createCompany('Globex');
    const foreign = await createAs(globex.cookies.admin, templateBody({ title: 'Globex secret' }));
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await ctx.request(`/api/templates/${foreign.id}`, {
        method,
        cookie: acme.cookies.admin,
        body: method === 'PATCH' ? templateBody() : undefined,
      });
      expect(res.status, method).toBe(404);
    }
    const list = (await ctx.request('/api/templates', { cookie: acme.cookies.admin })).body as TemplateSummary[];
    expect(list.map((t) => t.title)).not.toContain('Globex secret');
    const stillThere = (await ctx.request(`/api/templates/${foreign.id}`, { cookie: globex.cookies.admin })).body as TemplateDetails;
    expect(stillThere.title).toBe('Globex secret');
  });

  it('delete is soft: the template leaves lists and reads, its row and the plans made from it remain', async () => {
    const created = await createAs(acme.cookies.admin);
    const plan = await addPlan(created.id);
    const versionBefore = (await templateRow(created.id))?.version ?? 0;

    const res = await ctx.request(`/api/templates/${created.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect(res.status).toBe(200);
    expect((await ctx.request('/api/templates', { cookie: acme.cookies.admin })).body).toEqual([]);
    expect((await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).status).toBe(404);
    expect((await ctx.request(`/api/templates/${created.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(404);

    const row = await templateRow(created.id);
    expect(row?.deletedAt).toEqual(expect.any(String));
    expect(row?.version).toBeGreaterThan(versionBefore);
    expect(row?.title).toBe('Engineering Onboarding');
    const planAfter = await first(ctx.db.select().from(onboardingPlans).where(eq(onboardingPlans.id, plan.id)));
    expect(planAfter?.templateId).toBe(created.id);
  });

  it('each write takes the next version of its own company; refused writes leave it where it was', async () => {
    const globex = await ctx.createCompany('Globex');
    const globexVersion = await companyVersion(globex.company.id);
    const start = (await companyVersion(acme.company.id)) ?? 0;

    const created = await createAs(acme.cookies.admin);
    expect(await companyVersion(acme.company.id)).toBe(start + 1);
    expect((await templateRow(created.id))?.version).toBe(start + 1);

    const patched = await ctx.request(`/api/templates/${created.id}`, { method: 'PATCH', body: templateBody({ title: 'v2' }), cookie: acme.cookies.admin });
    expect(patched.status).toBe(200);
    expect((await templateRow(created.id))?.version).toBe(start + 2);

    // A 403 and a 404 happen inside the write transaction, after the version was taken: both roll it back.
    const refused = await ctx.request(`/api/templates/${created.id}`, { method: 'DELETE', cookie: acme.cookies.manager });
    expect(refused.status).toBe(403);
    const missing = await ctx.request(`/api/templates/${crypto.randomUUID()}`, { method: 'PATCH', body: templateBody(), cookie: acme.cookies.admin });
    expect(missing.status).toBe(404);
    expect(await companyVersion(acme.company.id)).toBe(start + 2);

    expect((await ctx.request(`/api/templates/${created.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    expect((await templateRow(created.id))?.version).toBe(start + 3);
    expect(await companyVersion(globex.company.id)).toBe(globexVersion);
  });

  it('stores sections and tasks under the template company and keeps that key out of the answer', async () => {
    const created = await createAs(acme.cookies.manager);
    const sections = await ctx.db.select().from(templateSections).where(eq(templateSections.templateId, created.id));
    const tasks = await ctx.db
      .select({ companyId: templateTasks.companyId })
      .from(templateTasks)
      .where(
        inArray(
          templateTasks.sectionId,
          sections.map((section) => section.id),
        ),
      );
    expect(sections.map((section) => section.companyId)).toEqual([acme.company.id, acme.company.id]);
    expect(tasks.map((task) => task.companyId)).toEqual(Array(4).fill(acme.company.id));
    expect(created.sections[0]).not.toHaveProperty('companyId');
    expect(created.sections[0]?.tasks[0]).not.toHaveProperty('companyId');
  });

  it('answers timestamps as ISO-8601 text and lists templates created at the same instant by title', async () => {
    const beta = await createAs(acme.cookies.admin, templateBody({ title: 'Beta' }));
    const alpha = await createAs(acme.cookies.admin, templateBody({ title: 'Alpha' }));
    const sameInstant = '2026-01-05T08:00:00.000Z';
    await ctx.db
      .update(templates)
      .set({ createdAt: sameInstant })
      .where(inArray(templates.id, [alpha.id, beta.id]));

    const list = (await ctx.request('/api/templates', { cookie: acme.cookies.admin })).body as TemplateSummary[];
    expect(list.map((t) => t.title)).toEqual(['Alpha', 'Beta']);
    expect(list[0]?.createdAt).toBe(sameInstant);
    for (const stamp of [alpha.createdAt, alpha.updatedAt, list[1]?.updatedAt ?? '']) {
      expect(new Date(stamp).toISOString()).toBe(stamp);
    }
  });

  it('concurrent PATCHes of one template each land whole, one after the other', async () => {
    const created = await createAs(acme.cookies.admin);
    const versionBefore = (await companyVersion(acme.company.id)) ?? 0;
    const edit = (label: string) =>
      ctx.request(`/api/templates/${created.id}`, {
        method: 'PATCH',
        cookie: acme.cookies.admin,
        body: templateBody({
          title: label,
          sections: [1, 2, 3].map((n) => ({ title: `${label} ${n}`, dayStart: n, dayEnd: n, tasks: [{ title: `${label} task ${n}`, type: 'checklist' as const }] })),
        }),
      });
    const answers = await Promise.all(['Left', 'Right'].map(edit));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

    const after = (await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails;
    expect(['Left', 'Right']).toContain(after.title);
    expect(after.sections.map((section) => section.title)).toEqual([1, 2, 3].map((n) => `${after.title} ${n}`));
    expect(after.sections.flatMap((section) => section.tasks.map((task) => task.title))).toEqual([1, 2, 3].map((n) => `${after.title} task ${n}`));
    expect(await companyVersion(acme.company.id)).toBe(versionBefore + 2);
  });

  it('the demo seed holds two complete onboarding templates, one per demo author, and an offboarding one', async () => {
    const fresh = await createTestContext();
    expect(await seedDemo(fresh.db)).toMatchObject({ templates: ['Engineering Onboarding', 'Sales Onboarding', 'Offboarding'] });
    // A database that already holds a company is left alone.
    expect(await seedDemo(fresh.db)).toBeUndefined();
    const demoAdmin = await first(fresh.db.select().from(users).where(eq(users.email, 'admin@demo.kickoff.local')));
    const cookie = await fresh.cookieFor(demoAdmin?.id ?? '');
    const list = (await fresh.request('/api/templates', { cookie })).body as TemplateSummary[];
    expect(list.map((t) => [t.title, t.kind]).sort()).toEqual([
      ['Engineering Onboarding', 'onboarding'],
      ['Offboarding', 'offboarding'],
      ['Sales Onboarding', 'onboarding'],
    ]);
    const details = new Map<string, TemplateDetails>();
    for (const summary of list) details.set(summary.title, (await fresh.request(`/api/templates/${summary.id}`, { cookie })).body as TemplateDetails);
    for (const title of ['Engineering Onboarding', 'Sales Onboarding']) {
      const types = new Set(details.get(title)?.sections.flatMap((section) => section.tasks.map((task) => task.type)));
      expect([...types].sort()).toEqual(['checklist', 'introduction', 'meeting', 'resource']);
    }
    // Engineering shows the team at work: preboarding for HR and the buddy, the manager's tasks, one task held back.
    const engineering = details.get('Engineering Onboarding');
    expect(engineering?.sections[0]).toMatchObject({ dayStart: -14, dayEnd: -1 });
    const engineeringTasks = engineering?.sections.flatMap((section) => section.tasks) ?? [];
    expect(new Set(engineeringTasks.map((task) => task.assigneeKind))).toEqual(new Set(['new_hire', 'hr', 'buddy', 'manager']));
    expect(engineeringTasks.some((task) => task.releaseDaysBefore !== null)).toBe(true);
    expect(details.get('Offboarding')?.sections.flatMap((section) => section.tasks.map((task) => task.title))).toEqual(
      expect.arrayContaining(['Return your hardware', 'Revoke access for {{first_name}} {{last_name}}', 'Exit interview with {{first_name}}']),
    );
  });

  it('asks for sign-in before anything', async () => {
    expect((await ctx.request('/api/templates')).status).toBe(401);
    expect((await ctx.request('/api/templates', { method: 'POST', body: templateBody() })).status).toBe(401);
  });
});

describe('template editor: two people on one template', () => {
  let ctx: TestContext;
  let acme: Awaited<ReturnType<TestContext['createCompany']>>;

  beforeEach(async () => {
    ctx = await createTestContext();
    acme = await ctx.createCompany('Acme');
  });

  const create = async (cookie: string) => {
    const res = await ctx.request('/api/templates', { method: 'POST', cookie, body: templateBody() });
    expect(res.status).toBe(201);
    return res.body as TemplateDetails;
  };
  const save = (cookie: string, id: string, body: TemplateInputRaw) => ctx.request(`/api/templates/${id}`, { method: 'PATCH', cookie, body });

  it('refuses the second of two saves made from the same loaded version (409 stale_version); an overwrite with the current version wins', async () => {
    const created = await create(acme.cookies.manager);
    const loaded = (await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails;
    expect(loaded.version).toEqual(expect.any(Number));
    expect(loaded.version).toBe(created.version);

    // Both opened the same version; the manager saves first.
    const first = await save(acme.cookies.manager, created.id, templateBody({ title: 'Manager’s edit', version: loaded.version }));
    expect(first.status).toBe(200);
    const saved = first.body as TemplateDetails;
    expect(saved.version).toBeGreaterThan(loaded.version);

    const second = await save(acme.cookies.admin, created.id, templateBody({ title: 'Admin’s edit', version: loaded.version }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'stale_version',
      message: 'Someone else saved this template since you opened it.',
      currentVersion: saved.version,
    });
    // Refused whole: the manager's save stands.
    expect(((await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails).title).toBe('Manager’s edit');

    // Overwrite: the same edit sent again with the version the 409 named.
    const overwrite = await save(acme.cookies.admin, created.id, templateBody({ title: 'Admin’s edit', version: second.body.currentVersion }));
    expect(overwrite.status).toBe(200);
    expect(overwrite.body).toMatchObject({ title: 'Admin’s edit' });
    // Which the manager, still on the version they saved, must now reload or overwrite in turn.
    expect((await save(acme.cookies.manager, created.id, templateBody({ title: 'Again', version: saved.version }))).status).toBe(409);
  });

  it('lets exactly one of two saves from the same version through when they arrive at the same time', async () => {
    const created = await create(acme.cookies.admin);
    const answers = await Promise.all((['Left', 'Right'] as const).map((title) => save(acme.cookies.admin, created.id, templateBody({ title, version: created.version }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.body as TemplateDetails;
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.body.currentVersion).toBe(winner.version);
    expect(((await ctx.request(`/api/templates/${created.id}`, { cookie: acme.cookies.admin })).body as TemplateDetails).title).toBe(winner.title);
  });

  it('saves without a version as before (clients from before the check), and ignores one on create', async () => {
    const created = await ctx.request('/api/templates', { method: 'POST', cookie: acme.cookies.admin, body: templateBody({ version: 12345 }) });
    expect(created.status).toBe(201);
    expect(created.body.version).not.toBe(12345);
    expect((await save(acme.cookies.admin, created.body.id, templateBody({ title: 'Unconditional' }))).status).toBe(200);
    expect((await save(acme.cookies.admin, created.body.id, templateBody({ version: -1 }))).status).toBe(400);
  });

  it('tells each editor who else has the template open, until they close it or go quiet', async () => {
    const template = await create(acme.cookies.manager);
    const heartbeat = (cookie: string, id = template.id) => ctx.request(`/api/templates/${id}/presence`, { method: 'POST', cookie });
    const close = (cookie: string, id = template.id) => ctx.request(`/api/templates/${id}/presence`, { method: 'DELETE', cookie });

    expect((await heartbeat(acme.cookies.manager)).body).toEqual({ others: [] });
    const adminSees = await heartbeat(acme.cookies.admin);
    expect(adminSees.status).toBe(200);
    expect(adminSees.body).toEqual({ others: [{ id: acme.manager.id, name: 'Acme manager' }] });
    expect((await heartbeat(acme.cookies.manager)).body).toEqual({ others: [{ id: acme.admin.id, name: 'Acme Admin' }] });

    // The manager closes the editor.
    expect((await close(acme.cookies.manager)).status).toBe(204);
    expect((await heartbeat(acme.cookies.admin)).body).toEqual({ others: [] });

    // An editor not heard from for longer than the window (a tab killed without saying so) has left,
    // and their row goes with the next heartbeat of someone still there.
    await heartbeat(acme.cookies.manager);
    const longAgo = new Date(Date.now() - TEMPLATE_PRESENCE.windowMs - 1000).toISOString();
    await ctx.db.update(templatePresence).set({ seenAt: longAgo }).where(eq(templatePresence.userId, acme.manager.id));
    expect((await heartbeat(acme.cookies.admin)).body).toEqual({ others: [] });
    expect((await ctx.db.select({ userId: templatePresence.userId }).from(templatePresence)).map((row) => row.userId)).toEqual([acme.admin.id]);
  });

  it('counts only those who may edit the template, inside its company', async () => {
    const adminsTemplate = await create(acme.cookies.admin);
    const managersTemplate = await create(acme.cookies.manager);
    const rival = await ctx.createCompany('Rival');
    const paths = (id: string) => `/api/templates/${id}/presence`;

    // A manager may not edit an admin's template; a new hire no template; another company's is not there.
    expect((await ctx.request(paths(adminsTemplate.id), { method: 'POST', cookie: acme.cookies.manager })).status).toBe(403);
    expect((await ctx.request(paths(managersTemplate.id), { method: 'POST', cookie: acme.cookies.newHire })).status).toBe(403);
    expect((await ctx.request(paths(managersTemplate.id), { method: 'POST', cookie: rival.cookies.admin })).status).toBe(404);
    expect((await ctx.request(paths(managersTemplate.id), { method: 'DELETE', cookie: rival.cookies.admin })).status).toBe(404);
    expect((await ctx.request(paths(managersTemplate.id), { method: 'POST' })).status).toBe(401);
    expect(await ctx.db.select().from(templatePresence)).toEqual([]);

    // Another company's editor on a template of its own never shows up here.
    const rivalTemplate = (await ctx.request('/api/templates', { method: 'POST', cookie: rival.cookies.admin, body: templateBody() })).body as TemplateDetails;
    await ctx.request(paths(rivalTemplate.id), { method: 'POST', cookie: rival.cookies.admin });
    expect((await ctx.request(paths(managersTemplate.id), { method: 'POST', cookie: acme.cookies.admin })).body).toEqual({ others: [] });

    // A deleted template is no longer open to anyone.
    await ctx.request(`/api/templates/${managersTemplate.id}`, { method: 'DELETE', cookie: acme.cookies.admin });
    expect((await ctx.request(paths(managersTemplate.id), { method: 'POST', cookie: acme.cookies.admin })).status).toBe(404);
  });
});
