// API fuzzing (issue 11), shared by api/security/fuzz.test.ts (200 cases per route) and scripts/fuzz.ts
// (10,000): every POST/PATCH/DELETE route of the real app gets generated params, query strings and
// bodies, and every answer must keep DESIGN.md section 4: no 5xx, JSON, the one error shape, no leak.
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { createApp } from '../app.ts';
import { createChangeBus } from '../events/create-bus.ts';
import { sessions } from '../db/schema.ts';
import { createFileStorage } from '../uploads/file-storage.ts';
import { storePolicyFile, uploadTaskFile } from '../uploads/uploads.queries.ts';
import type { Config } from '../config.ts';
import { transaction } from '../db/client.ts';
import { policySha256 } from '../../shared/acknowledgements.ts';
import { ERROR_CODE } from '../../shared/errors.ts';
import type { TemplateInputRaw } from '../../shared/templates.ts';
import { asCurrentUser } from '../lib/env.ts';
import { sendMessage } from '../messages/messages.queries.ts';
import { assignPlanFromTemplate } from '../onboarding/onboarding.queries.ts';
import { notifySignature, payhereCredentials } from '../subscriptions/payhere.ts';
import { createPendingOrder } from '../subscriptions/subscriptions.queries.ts';
import { createTemplate } from '../templates/templates.queries.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from './harness.ts';
import { DatabaseImage } from './database-image.ts';
import { TestAuthenticator } from '../passkeys/test-authenticator.ts';

// ---------------------------------------------------------------------------------------------
// The routes under test: read from the app itself, so a new unsafe route is fuzzed without a list.

export type UnsafeMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type UnsafeRoute = { method: UnsafeMethod; path: string };

const UNSAFE_METHODS = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every POST/PUT/PATCH/DELETE route the app registers (middleware entries are 'ALL' and skipped). */
export function unsafeRoutes(app: TestContext['app']): UnsafeRoute[] {
  const seen = new Map<string, UnsafeRoute>();
  for (const route of app.routes) {
    if (!UNSAFE_METHODS.has(route.method)) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method as UnsafeMethod, path: route.path });
  }
  return [...seen.values()];
}

export const routeName = (route: UnsafeRoute) => `${route.method} ${route.path}`;

/** `:name` or `:name{regex}` (one level of nested braces, as in `{[0-9a-f-]{36}}`). */
const PARAM_PATTERN = /:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g;

export function paramNames(path: string): string[] {
  return [...path.matchAll(PARAM_PATTERN)].map((match) => match[1]!);
}

// ---------------------------------------------------------------------------------------------
// The world: two companies with templates, a plan, messages and an order, built through the real
// query functions. Generated inputs name its records symbolically (IdRef) so they survive a rebuild.

export const ID_KINDS = ['template', 'plan', 'task', 'message', 'user', 'order', 'amount', 'email', 'company', 'file', 'session'] as const;
export type IdKind = (typeof ID_KINDS)[number];
type Ids = Record<IdKind, string[]>;

export type RoleKey = 'admin' | 'manager' | 'newHire' | 'otherAdmin' | 'none';

type WorldData = {
  own: Ids;
  other: Ids;
  cookies: Record<Exclude<RoleKey, 'none'>, string>;
};
export type World = WorldData & { app: TestContext['app']; close: () => Promise<void> };

type Company = Awaited<ReturnType<TestContext['createCompany']>>;

async function populate(ctx: TestContext, company: Company): Promise<Ids> {
  const admin = asCurrentUser(company.admin);
  const manager = asCurrentUser(company.manager);
  const newHire = asCurrentUser(company.newHire);
  const full = await createTemplate(ctx.db, admin, TEMPLATE_BODY);
  const small: TemplateInputRaw = { title: 'Manager template', duration: 14, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, tasks: [] }] };
  const managers = await createTemplate(ctx.db, manager, small);
  const plan = await assignPlanFromTemplate(ctx.db, admin, {
    newHireId: newHire.id,
    templateId: full.id,
    startDate: '2026-01-05',
    managerId: manager.id,
  });
  const messages = [
    await transaction(ctx.db, (tx) => sendMessage(tx, newHire, { planId: plan.id, content: 'Hello, where is the kitchen?' })),
    await transaction(ctx.db, (tx) => sendMessage(tx, manager, { planId: plan.id, content: 'Second floor, on the left.' })),
  ];
  const order = await createPendingOrder(ctx.db, { companyId: admin.companyId, planType: 'growth', billingPeriod: 'monthly', currency: 'USD' });
  const uploadTask = plan.tasks.find((task) => task.type === 'upload');
  if (!uploadTask) throw new Error('the fuzz template has no upload task');
  const upload = await uploadTaskFile(ctx.db, ctx.files, newHire, { taskId: uploadTask.id, name: 'passport.pdf', bytes: FUZZ_PDF });
  const policyFile = await storePolicyFile(ctx.db, ctx.files, admin, { name: 'conduct.pdf', bytes: FUZZ_PDF });
  return {
    template: [full.id, managers.id],
    plan: [plan.id],
    task: plan.tasks.map((task) => task.id),
    message: messages.map((message) => message.id),
    user: [newHire.id, manager.id, admin.id],
    order: [order.payhereOrderId ?? order.id],
    amount: [order.amount],
    email: [admin.email, manager.email, newHire.email],
    company: [admin.companyId],
    file: [upload.upload.id, policyFile.id],
    // The people's sessions by the ids /api/users/me/sessions names them with (their stored keys).
    session: (
      await ctx.db
        .select({ sid: sessions.sid })
        .from(sessions)
        .where(inArray(sessions.userId, [newHire.id, manager.id, admin.id]))
        .orderBy(sessions.sid)
    ).map((row) => row.sid),
  };
}

/** Builds the world through the harness and the real query functions (tens of milliseconds). */
async function buildWorld(): Promise<{ data: WorldData; ctx: TestContext }> {
  const ctx = await createTestContext();
  const acme = await ctx.createCompany('Acme');
  const globex = await ctx.createCompany('Globex');
  const data = {
    own: await populate(ctx, acme),
    other: await populate(ctx, globex),
    cookies: { ...acme.cookies, otherAdmin: globex.cookies.admin },
  };
  return { data, ctx };
}

/**
 * A built world, kept as a database image (database-image.ts): routes that end sessions or delete
 * records get a fresh copy after each success, with the same ids and cookies and fresh rate-limit counts.
 */
export class WorldImage {
  private constructor(
    private readonly data: WorldData,
    private readonly image: DatabaseImage,
    /** The built context's: every copy keeps files in its folder of uploads, never the server's. */
    private readonly config: Config,
  ) {}

  static async build(): Promise<WorldImage> {
    const { data, ctx } = await buildWorld();
    return new WorldImage(data, await DatabaseImage.of(ctx.database), ctx.config);
  }

  async copy(): Promise<World> {
    const { db, config, close } = await this.image.copy();
    const app = createApp({
      db,
      config: { ...this.config, database: config },
      mailer: { send: async () => {} },
      changes: createChangeBus(config, db),
      files: createFileStorage(this.config.files),
    });
    return { ...this.data, app, close };
  }
}

/** A record of the world, by company ('own' is the caller's when signed in as Acme), kind and index. */
export class IdRef {
  constructor(
    readonly scope: 'own' | 'other',
    readonly kind: IdKind,
    readonly index: number,
  ) {}
  [fc.toStringMethod]() {
    return `ref(${this.scope}.${this.kind}[${this.index}])`;
  }
}

/** Raw text for a URL, sent exactly as written (invalid percent-escapes included). */
export class RawSegment {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `raw(${JSON.stringify(this.text)})`;
  }
}

/** Stands for the md5sig PayHere would compute over the notify's other fields, so signed notifies reach the handler. */
export class PayhereSignature {
  [fc.toStringMethod]() {
    return 'signature()';
  }
}

function sign(fields: Record<string, unknown>): string {
  const credentials = payhereCredentials(SIMULATOR_PAYHERE);
  const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  return credentials
    ? notifySignature({
        merchantId: text(fields.merchant_id),
        orderId: text(fields.order_id),
        payhereAmount: text(fields.payhere_amount),
        payhereCurrency: text(fields.payhere_currency),
        statusCode: text(fields.status_code),
        merchantSecret: credentials.merchantSecret,
      })
    : '';
}

function lookup(world: World, ref: IdRef): string {
  const ids = world[ref.scope][ref.kind];
  return ids[ref.index % ids.length] ?? '';
}

/** Replaces every IdRef with its id; keys such as `__proto__` stay own properties (Object.fromEntries). */
export function resolve(world: World, value: unknown): unknown {
  if (value instanceof IdRef) return lookup(world, value);
  if (value instanceof HugeText || value instanceof DeepValue) return value.expand();
  if (value instanceof PayhereSignature) return value; // signed by the object holding it, below
  if (Array.isArray(value)) return value.map((item) => resolve(world, item));
  if (value && typeof value === 'object') {
    const fields = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(world, item)]));
    for (const [key, item] of Object.entries(fields)) if (item instanceof PayhereSignature) fields[key] = sign(fields);
    return fields;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Generators.

const SIMULATOR_PAYHERE = { mode: 'simulator' } as const;

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** encodeURIComponent throws on lone surrogates; those are sent as U+FFFD instead (raw escapes cover the bytes). */
const encodeSegment = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATES, '\uFFFD'));

const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uD800',
  'a\uDFFFb',
  '\uD83D',
  '👩‍💻🚀',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום',
  'e\u0301\u0301\u0301',
  '\u200B\u200D\uFEFF',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  'null',
  'undefined',
  'true',
  '[object Object]',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'javascript:alert(1)',
  'https://example.com/x',
  '2023-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-23:59',
  '+275760-09-13T00:00:00.000Z',
  '2026-13-45',
  'none',
  'DELETE',
  '00000000-0000-0000-0000-000000000000',
);

/**
 * Huge strings and deep nesting are generated as small descriptions and expanded only when sent,
 * so fast-check's printing and shrinking never walk 200 KB or 3,000 levels.
 */
export class HugeText {
  constructor(
    readonly length: number,
    readonly unit: string,
  ) {}
  expand(): string {
    return this.unit.repeat(Math.ceil(this.length / this.unit.length));
  }
  [fc.toStringMethod]() {
    return `huge(${JSON.stringify(this.unit)} x ${this.length})`;
  }
}

export class DeepValue {
  constructor(
    readonly depth: number,
    readonly asObject: boolean,
  ) {}
  expand(): unknown {
    let value: unknown = 'bottom';
    for (let level = 0; level < this.depth; level += 1) value = this.asObject ? { a: value } : [value];
    return value;
  }
  [fc.toStringMethod]() {
    return `deep(${this.asObject ? 'objects' : 'arrays'} x ${this.depth})`;
  }
}

const hugeText = fc.tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom('x', 'é', '👍', '\uD800', 'ab ')).map(([length, unit]) => new HugeText(length, unit));

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);

const nastyNumber = fc.oneof(fc.constantFrom(0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, -(2 ** 31), 3651, 101), fc.integer(), fc.double());

const deepValue = fc.tuple(fc.integer({ min: 10, max: 3_000 }), fc.boolean()).map(([depth, asObject]) => new DeepValue(depth, asObject));

const anyRef = fc
  .tuple(fc.constantFrom('own', 'other'), fc.constantFrom(...ID_KINDS), fc.nat({ max: 9 }))
  .map(([scope, kind, index]) => new IdRef(scope as 'own' | 'other', kind, index));

/** A value of the wrong kind, or the right kind at its limits. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: deepValue },
  { weight: 2, arbitrary: anyRef },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({ __proto__: null, polluted: true }, JSON.parse('{"__proto__":{"role":"admin"}}'), { constructor: { prototype: { role: 'admin' } } }) },
);

const DROP = Symbol('drop');
type Path = Array<string | number>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && (value.constructor === Object || Object.getPrototypeOf(value) === null);

/** Every place in the example a value sits at (the root excluded). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const children: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : isPlainObject(value) ? Object.entries(value) : [];
  return children.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** A copy with one place replaced (or removed, for DROP); IdRefs and other instances are shared. */
function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = value.map((item, index) => (index === key ? replaceAt(item, rest, replacement) : item));
    return copy.filter((item) => item !== DROP);
  }
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([name, item]): [string, unknown] => [name, name === key ? replaceAt(item, rest, replacement) : item])
        .filter(([, item]) => item !== DROP),
    );
  }
  return value;
}

/** Many fields kept, dropped or replaced at once; arrays grown; unknown keys added. */
function mutatedEverywhere(example: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(example)) {
    const item = example[0];
    return fc.oneof(
      { weight: 5, arbitrary: fc.tuple(...example.map((entry) => mutatedEverywhere(entry, depth + 1))) },
      { weight: 1, arbitrary: fc.array(item === undefined ? nastyValue : mutatedEverywhere(item, depth + 1), { maxLength: depth > 2 ? 5 : 120 }) },
      { weight: 1, arbitrary: nastyValue },
    );
  }
  if (isPlainObject(example)) {
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, value] of Object.entries(example)) {
      fields[key] = fc.oneof({ weight: 10, arbitrary: mutatedEverywhere(value, depth + 1) }, { weight: 1, arbitrary: fc.constant(DROP) });
    }
    const record = fc
      .tuple(fc.record(fields), fc.option(fc.dictionary(anyString, nastyValue, { maxKeys: 2 }), { freq: 4 }))
      .map(([entries, extra]) => Object.fromEntries([...Object.entries(entries).filter(([, value]) => value !== DROP), ...Object.entries(extra ?? {})]));
    return fc.oneof({ weight: 8, arbitrary: record }, { weight: 1, arbitrary: nastyValue });
  }
  return fc.oneof({ weight: 5, arbitrary: fc.constant(example) }, { weight: 1, arbitrary: nastyValue });
}

/**
 * The example body as a route expects it, then: intact (the handler's own paths run), one place
 * changed (each rule is hit on its own), or many places changed at once.
 */
export function mutated(example: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(example);
  const onePlace = paths.length
    ? fc
        .tuple(fc.constantFrom(...paths), fc.oneof({ weight: 6, arbitrary: nastyValue }, { weight: 1, arbitrary: fc.constant(DROP) }))
        .map(([path, replacement]) => replaceAt(example, path, replacement))
    : nastyValue;
  return fc.oneof({ weight: 1, arbitrary: fc.constant(example) }, { weight: 4, arbitrary: onePlace }, { weight: 3, arbitrary: mutatedEverywhere(example) });
}

// ---------------------------------------------------------------------------------------------
// What each route expects when used well: the starting point for targeted mutations.

const own = (kind: IdKind, index = 0) => new IdRef('own', kind, index);
const later = '2026-01-05T09:30:00.000Z';

/** `file`: the route's body is a file's bytes (uploads), sent as they are with this content type. */
type Shape = { body: Record<string, unknown>; form?: boolean; file?: { text: string; contentType: string } };

const FUZZ_PASSKEY = new TestAuthenticator('http://localhost:3000');
const FUZZ_POLICY_TEXT = 'Be kind. Keep secrets secret.';
const FUZZ_PDF_TEXT = '%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n';
const FUZZ_PDF = new TextEncoder().encode(FUZZ_PDF_TEXT);
const pdfFile = { text: FUZZ_PDF_TEXT, contentType: 'application/pdf' };

const TEMPLATE_BODY = {
  title: 'Fuzzed onboarding',
  description: 'Generated',
  duration: 30,
  sections: [
    {
      title: 'Week 1',
      description: 'First days',
      dayStart: 1,
      dayEnd: 7,
      tasks: [
        { title: 'Laptop', type: 'checklist', checklistItems: [{ id: 'c1', text: 'Unbox it' }] },
        {
          title: 'Handbook',
          type: 'resource',
          resourceUrl: 'https://example.com/handbook',
          attachments: [{ id: 'a1', type: 'document', url: 'https://example.com/a.pdf', name: 'a.pdf', size: 10 }],
        },
        { title: 'Meet Sam', type: 'introduction', personName: 'Sam', personRole: 'Lead', personPhoto: 'https://example.com/sam.png' },
        { title: 'Kickoff', type: 'meeting', meetingTitle: 'Kickoff', meetingAttendees: ['Sam'], meetingDate: later },
        {
          title: 'Bank details',
          type: 'form',
          formQuestions: [
            { id: 'iban', kind: 'short_text', label: 'IBAN', help: 'As on your card', required: true },
            { id: 'size', kind: 'single_choice', label: 'T-shirt size', options: ['S', 'M', 'L'] },
            { id: 'langs', kind: 'multiple_choice', label: 'Languages', options: ['English', 'Sinhala', 'Tamil'] },
            { id: 'born', kind: 'date', label: 'Date of birth' },
            { id: 'remote', kind: 'yes_no', label: 'Remote?' },
          ],
        },
        { title: 'Code of conduct', type: 'acknowledgement', policyText: FUZZ_POLICY_TEXT },
        { title: 'Copy of your ID', type: 'upload', uploadKinds: ['pdf', 'image'] },
      ],
    },
  ],
} satisfies TemplateInputRaw;

/** Keyed by `METHOD path` as the app registers it; a route missing here is fuzzed with generic bodies. */
export const ROUTE_SHAPES: Record<string, Shape> = {
  'POST /api/auth/signup': {
    body: { fullName: 'Fuzz Person', email: 'fuzz@example.com', password: 'Fuzz!Pass1', companyName: 'Fuzz Co', companyAddress: '1 Fuzz Street' },
  },
  'POST /api/auth/login': { body: { email: own('email'), password: TEST_PASSWORD } },
  'POST /api/auth/verify-email': { body: { token: 'a'.repeat(43) } },
  'POST /api/auth/resend-verification': { body: { email: own('email', 2) } },
  'POST /api/auth/forgot-password': { body: { email: own('email', 1) } },
  'POST /api/auth/reset-password': { body: { token: 'a'.repeat(43), password: 'Fuzz!Pass1' } },
  'DELETE /api/users/me': { body: { password: TEST_PASSWORD } },
  'PATCH /api/users/me': { body: { fullName: 'Renamed Person', profileImageUrl: 'https://www.gravatar.com/avatar/205e460b479e2e5b48aec07710c08d50' } },
  'POST /api/users/me/password': { body: { currentPassword: TEST_PASSWORD, newPassword: 'Fuzz!Pass2' } },
  'POST /api/auth/second-factor': { body: { code: '123456' } },
  'POST /api/users/me/two-factor/confirm': { body: { code: '123456' } },
  'POST /api/users/me/two-factor/disable': { body: { recoveryCode: 'abcd-efgh-2345' } },
  'POST /api/users/me/two-factor/recovery-codes': { body: { code: '123456' } },
  'POST /api/users/me/two-factor/verify': { body: { code: '123456' } },
  'PUT /api/company/second-factor': { body: { required: true } },
  // Passkey answers of the real shape (from a software authenticator) that answer no ceremony of the fuzzer's.
  'POST /api/users/me/passkeys': { body: { name: 'Fuzz key', response: FUZZ_PASSKEY.register({ challenge: 'ZnV6eg', rp: { id: 'localhost' }, user: { id: 'ZnV6eg' } }) } },
  'PATCH /api/users/me/passkeys/:id': { body: { name: 'Renamed key' } },
  'POST /api/auth/passkey': { body: { response: FUZZ_PASSKEY.signIn({ challenge: 'ZnV6eg', rpId: 'localhost' }) } },
  'POST /api/users/invite': { body: { email: 'invitee@example.com', role: 'new_hire', managerId: own('user', 1) } },
  'POST /api/people/import/preview': { body: { csv: 'name,email,role,manager email,start date,template\nFuzz Person,imported@example.com,New Hire,,,' } },
  'POST /api/people/import': { body: { csv: 'name,email,role,manager email,start date,template\nFuzz Person,imported@example.com,New Hire,,,' } },
  'POST /api/templates': { body: TEMPLATE_BODY },
  'PATCH /api/templates/:id': { body: TEMPLATE_BODY },
  'POST /api/api-keys': { body: { name: 'Fuzz integration', scope: 'write' } },
  'PUT /api/sso': { body: { issuer: 'https://login.example.com', clientId: 'fuzz-client', clientSecret: 'fuzz-secret', domains: ['example.com'] } },
  'PATCH /api/sso': { body: { enabled: true, requireSso: true, breakGlassUserId: own('user', 2), autoProvision: true } },
  'POST /api/auth/sso/start': { body: { email: own('email'), next: '/team' } },
  'PATCH /api/company': {
    body: {
      name: 'Fuzz Co',
      address: '1 Fuzz Street',
      phone: '+94 77 123 4567',
      city: 'Colombo',
      resources: { employeeHandbook: 'https://example.com/handbook', benefitsGuide: null, itSetupGuide: '', teamDirectory: 'https://example.com/people' },
    },
  },
  'POST /api/onboarding-plans': {
    body: { newHireId: own('user', 0), templateId: own('template', 1), startDate: '2026-02-02', managerId: own('user', 1) },
  },
  'PATCH /api/onboarding-plans/:id': {
    body: { currentPhase: 'Week 2', newHireId: own('user', 0), templateId: own('template', 0), managerId: own('user', 1) },
  },
  'PATCH /api/onboarding-tasks/:taskId': { body: { isCompleted: true, completedAt: later } },
  'POST /api/messages': { body: { id: '3b1f8a52-5f7e-4d8a-9a51-2a7c3c1d9e10', planId: own('plan'), content: 'Hello', receiverId: own('user', 1), createdAt: later } },
  'POST /api/payments/create': {
    body: {
      planType: 'growth',
      currency: 'USD',
      billingPeriod: 'monthly',
      userDetails: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '0771234567', address: '1 Street', city: 'Colombo' },
    },
  },
  'POST /api/payments/notify': {
    form: true,
    body: {
      merchant_id: payhereCredentials(SIMULATOR_PAYHERE)?.merchantId ?? '1211149',
      order_id: own('order'),
      payment_id: '320000000001',
      payhere_amount: own('amount'),
      payhere_currency: 'USD',
      status_code: '2',
      md5sig: new PayhereSignature(),
      custom_1: 'growth',
      custom_2: 'monthly',
    },
  },
  'POST /api/payments/confirm': { body: { orderId: own('order'), status: 'failed' } },
  'POST /api/payments/simulator/complete': { body: { orderId: own('order'), outcome: 'success' } },
  'POST /api/subscription/cancel': { body: { reason: 'too-expensive', feedback: 'Fuzzing' } },
  'POST /api/sync/push': {
    body: {
      clientId: '6f0c2d4e-8a1b-4c3d-9e5f-7a8b9c0d1e2f',
      mutations: [
        { id: 1, name: 'task.setCompleted', args: { taskId: own('task'), isCompleted: true, completedAt: later } },
        { id: 2, name: 'message.send', args: { id: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b', planId: own('plan'), content: 'Hi', createdAt: later } },
        // The plan's tasks follow the template's: the fifth is its form.
        {
          id: 3,
          name: 'form.submit',
          args: { taskId: own('task', 4), answers: { iban: 'LK12 3456', size: 'M', langs: ['English', 'Tamil'], born: '1999-02-28', remote: true }, submittedAt: later },
        },
      ],
    },
  },
  'POST /api/tasks/:taskId/acknowledgement': { body: { fullName: 'Acme newhire', sha256: await policySha256({ policyText: FUZZ_POLICY_TEXT, policyFile: null }) } },
  'POST /api/tasks/:taskId/files': { body: {}, file: pdfFile },
  'POST /api/policy-files': { body: {}, file: pdfFile },
};

// ---------------------------------------------------------------------------------------------
// One generated request.

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'form'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string | null };

export type FuzzCase = {
  role: RoleKey;
  params: Array<IdRef | RawSegment | string>;
  query: string;
  body: BodyCase;
};

const ROLE = fc.oneof(
  { weight: 12, arbitrary: fc.constant<RoleKey>('admin') },
  { weight: 2, arbitrary: fc.constant<RoleKey>('manager') },
  { weight: 2, arbitrary: fc.constant<RoleKey>('newHire') },
  { weight: 2, arbitrary: fc.constant<RoleKey>('otherAdmin') },
  { weight: 1, arbitrary: fc.constant<RoleKey>('none') },
);

const RAW_SEGMENTS = fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '%2F', '..%2F..', '%C0%AF', '%FF%FE', '%E2%80%AE', '.', '..').map((text) => new RawSegment(text));

/** What a path parameter names, from its name or the segment before it. */
function paramKind(path: string, name: string): IdKind | undefined {
  if (name === 'taskId') return 'task';
  if (name === 'planId') return 'plan';
  if (name === 'companyId') return 'company';
  if (name === 'fileId') return 'file';
  const before = path.split(`:${name}`)[0]?.split('/').filter(Boolean).at(-1);
  const bySegment: Record<string, IdKind> = {
    templates: 'template',
    'onboarding-plans': 'plan',
    'onboarding-tasks': 'task',
    messages: 'message',
    users: 'user',
    companies: 'company',
    sessions: 'session',
  };
  return before ? bySegment[before] : undefined;
}

function paramArbitrary(path: string, name: string): fc.Arbitrary<IdRef | RawSegment | string> {
  const kind = paramKind(path, name);
  const kinds = kind ? [kind] : [...ID_KINDS];
  const ofKind = (scope: 'own' | 'other') => fc.tuple(fc.constantFrom(...kinds), fc.nat({ max: 5 })).map(([k, index]) => new IdRef(scope, k, index));
  return fc.oneof(
    { weight: 5, arbitrary: ofKind('own') },
    { weight: 3, arbitrary: ofKind('other') },
    { weight: 1, arbitrary: anyRef },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: anyString },
    { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 5_000 }) },
    { weight: 1, arbitrary: RAW_SEGMENTS },
  );
}

const QUERY = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(anyString, fc.oneof(anyString, fc.uuid())), { minLength: 1, maxLength: 4 })
      .map((pairs) => `?${pairs.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`).join('&')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&&=', '?a=%ZZ', '?a[]=1&a[]=2', '?__proto__[x]=1', '?clientId=%00&cursor=-1', `?x=${'y'.repeat(10_000)}`) },
);

const JSON_TYPE = 'application/json';
const CONTENT_TYPES = fc.constantFrom(
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json, text/plain',
);

/** Text that is not the JSON it claims to be. */
function rawBodies(example: unknown): fc.Arbitrary<string> {
  const valid = JSON.stringify(example ?? {});
  return fc.oneof(
    fc.nat({ max: Math.max(0, valid.length - 1) }).map((cut) => valid.slice(0, cut)),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constantFrom('', 'null', '"text"', '42', '[]', '{', '}', '{"a":}', "{'a':1}", '{"a":1,}', 'NaN', '\uFEFF{}', '{"__proto__":{"isAdmin":true}}', '{"a":1,"a":2}', '1e999999'),
    fc.integer({ min: 1_000, max: 120_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 1_000, max: 60_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc.integer({ min: 1_000, max: 60_000 }).map((depth) => '['.repeat(depth)),
  );
}

/** A file as an upload sends it: whole, cut short, with bytes after, another type's first bytes, or noise; under any content type. */
function fileBodies(file: NonNullable<Shape['file']>): fc.Arbitrary<BodyCase> {
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.constant(file.text) },
    { weight: 1, arbitrary: fc.nat({ max: file.text.length }).map((cut) => file.text.slice(0, cut)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((tail) => file.text + tail) },
    { weight: 1, arbitrary: fc.constantFrom('\x89PNG\r\n\x1a\n', '\xff\xd8\xff\xe0', 'RIFF\0\0\0\0WEBP', 'GIF89a', '<svg onload=alert(1)>', '<html><script>alert(1)</script>') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
  const contentType = fc.option(fc.constantFrom(file.contentType, 'image/png', 'application/octet-stream', 'text/html'), { freq: 4 });
  return fc.tuple(text, contentType).map(([body, type]): BodyCase => ({ kind: 'raw', text: body, contentType: type }));
}

/** The file's name, as uploads take it in the query string. */
const FILE_NAME_QUERY = fc.oneof(anyString, fc.constant('passport.pdf'), fc.string({ minLength: 190, maxLength: 400 })).map((name) => `?name=${encodeSegment(name)}`);

export function caseArbitrary(route: UnsafeRoute): fc.Arbitrary<FuzzCase> {
  const shape = ROUTE_SHAPES[routeName(route)];
  const params = paramNames(route.path).map((name) => paramArbitrary(route.path, name));
  const targeted = shape ? mutated(shape.body) : fc.jsonValue({ maxDepth: 3 });
  const primaryType = shape?.form ? 'application/x-www-form-urlencoded' : JSON_TYPE;
  const query = shape?.file ? fc.oneof({ weight: 3, arbitrary: FILE_NAME_QUERY }, { weight: 1, arbitrary: QUERY }) : QUERY;
  const body: fc.Arbitrary<BodyCase> = fc.oneof(
    ...(shape?.file ? [{ weight: 12, arbitrary: fileBodies(shape.file) }] : []),
    {
      weight: 8,
      arbitrary: targeted.map((value): BodyCase => (shape?.form ? { kind: 'form', value, contentType: primaryType } : { kind: 'json', value, contentType: JSON_TYPE })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): BodyCase => ({ kind: 'json', value, contentType: JSON_TYPE })) },
    { weight: 1, arbitrary: nastyValue.map((value): BodyCase => ({ kind: 'json', value, contentType: JSON_TYPE })) },
    { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: 'none' }) },
    {
      weight: 2,
      arbitrary: fc.tuple(rawBodies(shape?.body), fc.option(CONTENT_TYPES, { freq: 2 })).map(([text, type]): BodyCase => ({ kind: 'raw', text, contentType: type ?? primaryType })),
    },
    { weight: 1, arbitrary: fc.tuple(targeted, CONTENT_TYPES).map(([value, contentType]): BodyCase => ({ kind: 'form', value, contentType })) },
    { weight: 1, arbitrary: fc.tuple(targeted, CONTENT_TYPES).map(([value, contentType]): BodyCase => ({ kind: 'json', value, contentType })) },
  );
  return fc.record({ role: ROLE, params: fc.tuple(...params), query, body });
}

// ---------------------------------------------------------------------------------------------
// Running one case and judging the answer.

export type FuzzRequest = { method: string; url: string; role: RoleKey; contentType: string | null; body: string | undefined };
export type FuzzResponse = { status: number; contentType: string; text: string };

function fillPath(world: World, path: string, params: FuzzCase['params']): string {
  let index = 0;
  return path.replace(PARAM_PATTERN, () => {
    const param = params[index++];
    if (param instanceof IdRef) return encodeSegment(lookup(world, param));
    if (param instanceof RawSegment) return param.text;
    return encodeSegment(param ?? '');
  });
}

function formEncode(value: unknown): string {
  const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value] as [string, unknown]];
  return entries.map(([key, item]) => `${encodeSegment(key)}=${encodeSegment(typeof item === 'string' ? item : (JSON.stringify(item) ?? ''))}`).join('&');
}

export function toRequest(world: World, route: UnsafeRoute, fuzzCase: FuzzCase): FuzzRequest {
  const url = fillPath(world, route.path, fuzzCase.params) + fuzzCase.query;
  const { body } = fuzzCase;
  const resolved = body.kind === 'json' || body.kind === 'form' ? resolve(world, body.value) : undefined;
  return {
    method: route.method,
    url,
    role: fuzzCase.role,
    contentType: body.kind === 'none' ? null : body.contentType,
    body: body.kind === 'none' ? undefined : body.kind === 'raw' ? body.text : body.kind === 'form' ? formEncode(resolved) : (JSON.stringify(resolved) ?? 'null'),
  };
}

export async function send(world: World, request: FuzzRequest): Promise<FuzzResponse> {
  const headers: Record<string, string> = {};
  if (request.contentType) headers['Content-Type'] = request.contentType;
  if (request.role !== 'none') headers.Cookie = world.cookies[request.role];
  const response = await world.app.request(request.url, { method: request.method, headers, body: request.body });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** Things a body must never show: a stack frame, SQLite's words, SQL, server file paths. */
const LEAK_PATTERNS: RegExp[] = [
  /\bat [\w$.<>[\] ]*\(/g,
  /\bat (?:file:)?\/[\w./-]+/g,
  /\.(?:ts|js|mjs|cjs):\d+/g,
  /SQLITE_?\w*/g,
  /SqliteError/g,
  /\bSELECT /g,
  /\bINSERT /g,
  /\bUPDATE \w+ SET\b/g,
  /node_modules/g,
  /\bDrizzleError\b/g,
  /\bTypeError\b|\bRangeError\b|\bReferenceError\b|\bSyntaxError\b/g,
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Why this answer breaks the contract, or null. A marker the request itself carried is an echo, not a leak. */
export function judge(request: FuzzRequest, response: FuzzResponse): string | null {
  if (response.status >= 500) return `status ${response.status}`;
  if (response.status === 204 || (response.status >= 300 && response.status < 400)) return null;
  if (!response.contentType.includes('application/json')) return `content-type "${response.contentType}" is not JSON`;
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch {
    return 'body is not JSON';
  }
  if (response.status >= 400) {
    const shapeProblem = errorShapeProblem(json);
    if (shapeProblem) return shapeProblem;
    // valibot's default wording quotes the value it was given; an error answer never reflects input.
    if (response.text.includes('but received')) return 'error echoes the input ("but received …")';
  }
  const sent = `${request.url}\n${safeDecode(request.url)}\n${request.body ?? ''}\n${safeDecode(request.body ?? '')}`;
  for (const pattern of LEAK_PATTERNS) {
    for (const match of response.text.matchAll(pattern)) {
      if (!sent.toLowerCase().includes(match[0].toLowerCase())) return `body leaks "${match[0]}"`;
    }
  }
  return null;
}

const ERROR_CODES = new Set<unknown>(Object.values(ERROR_CODE));

/**
 * `{code: ErrorCode, message: string, issues?: [{path: string, message: string}]}` and nothing else, but
 * `currentVersion: number` with stale_version (shared/errors.ts ApiErrorBody).
 */
export function errorShapeProblem(json: unknown): string | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'error body is not an object';
  const { code, message, issues, currentVersion, ...rest } = json as Record<string, unknown>;
  if (!ERROR_CODES.has(code)) return `error body has no known code (${JSON.stringify(code)})`;
  if (typeof message !== 'string' || message.length === 0) return 'error body has no message';
  if (Object.keys(rest).length) return `error body has extra keys ${Object.keys(rest).join(', ')}`;
  if (currentVersion !== undefined && (code !== ERROR_CODE.staleVersion || typeof currentVersion !== 'number')) {
    return 'currentVersion comes only as a number with stale_version';
  }
  if (issues === undefined) return null;
  if (!Array.isArray(issues)) return 'issues is not an array';
  for (const issue of issues) {
    if (!issue || typeof issue !== 'object') return 'an issue is not an object';
    const { path, message: issueMessage, ...issueRest } = issue as Record<string, unknown>;
    if (typeof path !== 'string' || typeof issueMessage !== 'string' || Object.keys(issueRest).length) return 'an issue is not {path, message}';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The runner.

export type FuzzFailure = { route: string; problem: string; request: FuzzRequest; status: number; response: string };
export type RouteResult = {
  route: string;
  cases: number;
  failures: FuzzFailure[];
  counterexample: string | null;
  /** How many answers had each status: shows the cases reach the handlers, not only the validators. */
  statuses: Record<number, number>;
  ms: number;
};
export type FuzzOptions = {
  numRuns: number;
  seed?: number;
  /** Shrink the first failure to a minimal counterexample (default true). */
  shrink?: boolean;
  /** One image can serve every route; built on first use when absent. */
  image?: WorldImage;
};

/** Routes after whose success the world is rebuilt: they end sessions or remove records the others use. */
function changesWorld(route: UnsafeRoute, request: FuzzRequest, status: number): boolean {
  if (status >= 300 || request.role === 'none') return false;
  return route.method === 'DELETE' || /\/(auth\/logout|users\/me\/password|auth\/reset-password)$/.test(route.path);
}

/** Fresh counts for the rate limiters and a small database every so often, so late cases test the same things. */
const REBUILD_EVERY = 250;

class WorldHolder {
  private world: World | null = null;
  private uses = 0;
  constructor(private readonly image: WorldImage) {}
  async get(): Promise<World> {
    if (!this.world || this.uses >= REBUILD_EVERY) {
      await this.invalidate();
      this.world = await this.image.copy();
      this.uses = 0;
    }
    this.uses += 1;
    return this.world;
  }
  async invalidate(): Promise<void> {
    const world = this.world;
    this.world = null;
    await world?.close();
  }
}

const preview = (text: string | undefined, max = 300) => (text === undefined ? '(none)' : text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

async function runCase(holder: WorldHolder, route: UnsafeRoute, fuzzCase: FuzzCase, statuses: Record<number, number> = {}): Promise<FuzzFailure | null> {
  const world = await holder.get();
  const request = toRequest(world, route, fuzzCase);
  let response: FuzzResponse;
  try {
    response = await send(world, request);
  } catch (error) {
    await holder.invalidate();
    return { route: routeName(route), problem: `request threw ${String(error)}`, request, status: 0, response: '' };
  }
  statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  if (changesWorld(route, request, response.status)) await holder.invalidate();
  const problem = judge(request, response);
  return problem ? { route: routeName(route), problem, request, status: response.status, response: preview(response.text) } : null;
}

export function describeFailure(failure: FuzzFailure): string {
  const { request } = failure;
  return [
    `${failure.route}: ${failure.problem}`,
    `  request: ${request.method} ${preview(request.url, 200)} as ${request.role}, content-type ${request.contentType ?? '(none)'}`,
    `  body: ${preview(request.body)}`,
    `  answer ${failure.status}: ${failure.response}`,
  ].join('\n');
}

/** Runs `numRuns` generated cases against one route; every failure is kept, the first one shrunk. */
export async function fuzzRoute(route: UnsafeRoute, options: FuzzOptions): Promise<RouteResult> {
  const started = performance.now();
  const image = options.image ?? (await WorldImage.build());
  const holder = new WorldHolder(image);
  const failures: FuzzFailure[] = [];
  const statuses: Record<number, number> = {};
  const arbitrary = caseArbitrary(route);
  const seed = options.seed ?? Date.now() ^ (Math.random() * 0x100000000);
  const run = await fc.check(
    fc.asyncProperty(arbitrary, async (fuzzCase) => {
      const failure = await runCase(holder, route, fuzzCase, statuses);
      if (failure) failures.push(failure);
    }),
    { numRuns: options.numRuns, seed },
  );
  // The property itself never fails; if it did, the generator or the runner broke, and that counts too.
  if (run.failed) {
    const request: FuzzRequest = { method: route.method, url: route.path, role: 'none', contentType: null, body: undefined };
    failures.push({ route: routeName(route), problem: `the fuzzer broke: ${String(run.errorInstance)}`, request, status: 0, response: '' });
  }
  const cases = run.numRuns;
  // One copy of the world at a time (on PostgreSQL the copies share a database): shrinking makes its own.
  await holder.invalidate();

  let counterexample: string | null = null;
  if (failures.length && options.shrink !== false) {
    const shrinkHolder = new WorldHolder(image);
    let smallest: FuzzFailure | null = null;
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (fuzzCase) => {
        const failure = await runCase(shrinkHolder, route, fuzzCase);
        if (failure) smallest = failure;
        return failure === null;
      }),
      { numRuns: options.numRuns, seed, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false },
    );
    await shrinkHolder.invalidate();
    const found = smallest as FuzzFailure | null;
    counterexample = details.counterexample ? `${fc.stringify(details.counterexample[0])}\n${found ? describeFailure(found) : ''}` : describeFailure(failures[0]!);
  }
  return { route: routeName(route), cases, failures, counterexample, statuses, ms: performance.now() - started };
}
