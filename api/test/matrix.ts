// The permission matrix (issue 11): for every route of the API, who may do what to which record, from
// DESIGN.md section 5 (permissions) and section 4 (statuses). api/security/permission-matrix.test.ts runs every cell.
//
// Each target's `expect` is one line of the table, in the order of ACTORS:
//
//   anonymous | adminA managerA otherManagerA newHireA1 newHireA2 | adminB managerB newHireB
//
// managerA manages P1 (newHireA1's plan); otherManagerA manages nothing; P2 (newHireA2's) has no
// manager. Another company's id answers 404, never 403; a role that may not use a route at all gets
// 403 whatever the id, which says nothing about the record. `applied` / `rejected` are the per-mutation
// answers of POST /api/sync/push (the request itself is a 200). The world is described in world.ts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { issueToken, RESET_TOKEN_TTL_MS } from '../auth/auth-tokens.ts';
import { issueEmailVerification } from '../auth/auth.queries.ts';
import { createSession, sessionKey } from '../auth/sessions.ts';
import { ensureJobs } from '../jobs/jobs.queries.ts';
import { companyJobName } from '../jobs/schedule.ts';
import { authFlows, onboardingTasks, recoveryCodes, subscriptions } from '../db/schema.ts';
import { AUTH_FLOW_TTL_MS } from '../auth/auth-flows.ts';
import { hashToken } from '../auth/tokens.ts';
import { recoveryCodeHash } from '../two-factor/two-factor.queries.ts';
import { policySha256 } from '../../shared/acknowledgements.ts';
import { unsubscribeToken } from '../notifications/unsubscribe-token.ts';
import { SCALAR_BUILD } from '../openapi/openapi.routes.ts';
import { SIMULATOR_MERCHANT_ID, SIMULATOR_MERCHANT_SECRET } from '../subscriptions/payhere.ts';
import { TEST_PASSWORD } from './harness.ts';
import { insertMatrixWebhooks, MATRIX_WEBHOOKS } from '../webhooks/test-endpoints.ts';
import { apiKeyRefusal } from '../api-keys/api-key-auth.ts';
import { sealSecret } from '../lib/secret-box.ts';
import { companySso, ssoDomains } from '../db/schema.ts';
import { relyingParty } from '../passkeys/passkeys.ts';
import { openTestSignInFlow, storeTestPasskey, TestAuthenticator } from '../passkeys/test-authenticator.ts';
import { ACTORS, COMPANY_OF, KEY_CREATOR, KEY_SCOPE, type Actor, type KeyActor, type SignedInActor, type World, signedNotify, WORLD_PDF, WORLD_POLICY_TEXT } from './world.ts';

export type Expected = number | 'applied' | 'rejected';
export type Expectations = Record<Actor, Expected>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Target = {
  /** What the request is aimed at. */
  label: string;
  /** Whose record the id in the request is: a signed-in actor of the other company must get 404. 'both': everyone's foreign. */
  company?: 'A' | 'B' | 'both';
  /** Changes the world before the request (runs on the cell's own copy). */
  prepare?: (w: World) => Promise<void>;
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => Record<string, string>;
  /** Built (and awaited) before the "nothing changed" snapshot, so it may write (issue a token, say). */
  body?: (w: World) => unknown;
  headers?: Record<string, string>;
  expect: Expectations;
  /** Tables a refused request still writes by design (left out of the "nothing changed" check), and why. */
  mayWrite?: { tables: string[]; why: string };
  /** What a key actor gets, where it is not what keyExpectation derives (say why in a comment). */
  keyExpect?: Partial<Record<KeyActor, Expected>>;
};

export type MatrixRow = {
  /** `METHOD /api/path` exactly as the router registers it (`:param` names included). */
  route: `${Method} /api/${string}`;
  /** The rule of DESIGN.md section 5 this row checks, or why the route is public. */
  rule: string;
  public?: true;
  targets: Target[];
  /**
   * For reads that list things: the ids a successful answer must hold, exactly. Lists leak other
   * people's records without any refusal, so a status alone would not show it.
   */
  shows?: { ids: (body: unknown) => string[]; visible: (w: World, actor: SignedInActor, params: Record<string, string>) => string[] };
  /** For sync push: the per-mutation answer stands in for the status. */
  outcome?: (body: unknown) => Expected;
};

/** One line of the table: `401 | 200 200 404 200 404 | 404 404 404`. */
export function line(text: string): Expectations {
  const values = text
    .split(/[\s|]+/)
    .filter(Boolean)
    .map((value) => (/^\d+$/.test(value) ? Number(value) : value));
  if (values.length !== ACTORS.length) throw new Error(`expected ${ACTORS.length} cells in "${text}"`);
  for (const value of values) {
    if (typeof value === 'string' && value !== 'applied' && value !== 'rejected') throw new Error(`unknown cell "${value}" in "${text}"`);
  }
  return Object.fromEntries(ACTORS.map((actor, index) => [actor, values[index]])) as Expectations;
}

/**
 * What a key actor gets (issue 21), derived so that no row has to state it: a key acts as its creator
 * (adminA), so it gets adminA's answer, another company's record included (404); except that the routes
 * no key may drive, and every unsafe method for a read key, are 403 (apiKeyRefusal, the one rule the
 * server applies). `path`: the request's path, without its query. A target's keyExpect overrides.
 */
export function keyExpectation(row: MatrixRow, target: Target, actor: KeyActor, path: string): Expected {
  const override = target.keyExpect?.[actor];
  if (override !== undefined) return override;
  const method = row.route.slice(0, row.route.indexOf(' '));
  if (apiKeyRefusal(KEY_SCOPE[actor], method, path)) return 403;
  return target.expect[KEY_CREATOR[actor]];
}

// ---- what each actor may see (DESIGN.md section 5), for the list rows ----

type PlanName = 'P1' | 'P2' | 'PB' | 'PB2';
const PLANS_OF: Record<SignedInActor, PlanName[]> = {
  adminA: ['P1', 'P2'],
  managerA: ['P1'],
  otherManagerA: [],
  newHireA1: ['P1'],
  newHireA2: ['P2'],
  adminB: ['PB', 'PB2'],
  managerB: ['PB'],
  newHireB: ['PB'],
};
const TEMPLATE_OF_PLAN = { P1: 'adminA', P2: 'managerA', PB: 'B', PB2: 'B' } as const;
const MESSAGE_OF_PLAN = { P1: 'M1', P2: 'M2', PB: 'MB', PB2: 'MB2' } as const;
/** Staff notes by plan: its admins and manager read them, its new hire never. */
const STAFF_NOTES_OF_PLAN: Partial<Record<PlanName, 'SN1'>> = { P1: 'SN1' };
/** Unread messages addressed to each actor, by plan. */
const UNREAD_PLANS_OF: Record<SignedInActor, PlanName[]> = {
  adminA: [],
  managerA: ['P1'],
  otherManagerA: [],
  newHireA1: [],
  newHireA2: ['P2'],
  adminB: [],
  managerB: [],
  newHireB: ['PB'],
};

const isCompanyA = (actor: SignedInActor) => COMPANY_OF[actor] === 'A';
const plansOf = (w: World, actor: SignedInActor) => PLANS_OF[actor].map((plan) => w.plans[plan]);

/** The messages of a plan the actor reads: its conversation, and its staff notes unless they are its new hire. */
function messagesOf(w: World, actor: SignedInActor, plan: PlanName): string[] {
  const note = STAFF_NOTES_OF_PLAN[plan];
  const staffNotes = note && w.users[actor].role !== 'new_hire' ? [w.messages[note]] : [];
  return [w.messages[MESSAGE_OF_PLAN[plan]], ...staffNotes];
}

/** Everyone of the actor's company: actors, bystanders and the invited person. */
function companyPeople(w: World, actor: SignedInActor) {
  const companyId = w.users[actor].companyId;
  return [...Object.values(w.users), ...Object.values(w.bystanders), ...Object.values(w.pending)].filter((user) => user.companyId === companyId);
}

function peopleVisibleTo(w: World, actor: SignedInActor): string[] {
  const me = w.users[actor];
  if (me.role !== 'new_hire') return companyPeople(w, actor).map((user) => user.id);
  return [me.id, ...(me.managerId ? [me.managerId] : [])];
}

// ---- sessions (issue 24): a second session of newHireA1 and of adminB, made in the cell's copy ----

/** Each cell's extra sessions by actor, as the ids the list shows (the stored keys). */
const otherSessions = new WeakMap<World, Partial<Record<SignedInActor, string>>>();
async function withOtherSessions(w: World): Promise<void> {
  const made = async (actor: SignedInActor) =>
    sessionKey(await createSession(w.ctx.db, w.users[actor].id, { method: 'password', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile' }));
  otherSessions.set(w, { newHireA1: await made('newHireA1'), adminB: await made('adminB') });
}
const otherSessionOf = (w: World, actor: SignedInActor) => otherSessions.get(w)?.[actor] ?? '(no session made)';
/** The sessions an actor lists: the one of their cookie, and their other one if the cell made it. */
const sessionsOf = (w: World, actor: SignedInActor) => [
  sessionKey(w.cookies[actor].slice(w.cookies[actor].indexOf('=') + 1)),
  ...(otherSessions.get(w)?.[actor] ? [otherSessionOf(w, actor)] : []),
];

const idsOf = (body: unknown) => (Array.isArray(body) ? body.map((row: { id: string }) => row.id) : ['(not a list)']);

// ---- webhooks (issue 21): an endpoint and a delivery per company, made in each cell's copy ----

const withWebhooks = (w: World) => insertMatrixWebhooks(w.ctx.db, { A: w.companies.A.id, B: w.companies.B.id });

/** The rows of the routes aimed at one endpoint: its own company's admin succeeds, the other company's gets 404. */
function webhookRows(routes: [MatrixRow['route'], string, number, ((w: World) => unknown)?][]): MatrixRow[] {
  const target = (company: 'A' | 'B', status: number, body?: (w: World) => unknown): Target => ({
    label: `company ${company}’s endpoint`,
    company,
    prepare: withWebhooks,
    params: () => ({ id: MATRIX_WEBHOOKS[company].endpointId, deliveryId: MATRIX_WEBHOOKS[company].deliveryId }),
    body,
    expect: company === 'A' ? adminsOnly(status, 404) : adminsOnly(404, status),
  });
  return routes.map(([route, rule, status, body]) => ({ route, rule, targets: [target('A', status, body), target('B', status, body)] }));
}

// ---- passkeys (issue 24): a passkey of newHireA1 and of adminB, made in the cell's copy ----

/** One software authenticator for every cell: each cell's copy stores its passkey afresh (counter 0). */
const matrixAuthenticator = new TestAuthenticator('(origin given per answer)');
const MATRIX_PASSKEY_FLOW = 'matrix-passkey-sign-in-flow';
const MATRIX_PASSKEY_CHALLENGE = 'bWF0cml4LWNoYWxsZW5nZQ';
const passkeysMade = new WeakMap<World, Partial<Record<SignedInActor, string>>>();
async function withPasskeys(w: World): Promise<void> {
  passkeysMade.set(w, {
    newHireA1: await storeTestPasskey(w.ctx.db, w.users.newHireA1.id, matrixAuthenticator),
    adminB: await storeTestPasskey(w.ctx.db, w.users.adminB.id, new TestAuthenticator('(never signs)')),
  });
}
const passkeyOf = (w: World, actor: SignedInActor) => passkeysMade.get(w)?.[actor] ?? '(no passkey made)';
/** newHireA1's passkey answering the sign-in ceremony a flow cookie names (prepare opens it). */
function passkeySignInBody(w: World) {
  const { rpID, origin } = relyingParty(w.ctx.config);
  const userHandle = Buffer.from(w.users.newHireA1.id).toString('base64url');
  return { response: matrixAuthenticator.signIn({ challenge: MATRIX_PASSKEY_CHALLENGE, rpId: rpID }, { origin, userHandle, counter: 1 }) };
}
const passkeyTargets = (status: (owner: 'A' | 'B') => Expectations, body?: () => unknown): Target[] => [
  { label: 'newHireA1’s passkey (company A)', company: 'A', prepare: withPasskeys, params: (w) => ({ id: passkeyOf(w, 'newHireA1') }), body, expect: status('A') },
  { label: 'adminB’s passkey (company B)', company: 'B', prepare: withPasskeys, params: (w) => ({ id: passkeyOf(w, 'adminB') }), body, expect: status('B') },
];
const passkeyOwnerOnly = (success: number) => (owner: 'A' | 'B') =>
  owner === 'A' ? line(`401 | 404 404 404 ${success} 404 | 404 404 404`) : line(`401 | 404 404 404 404 404 | ${success} 404 404`);

// ---- single sign-on (issue 24): company A's set-up (not turned on), made in the cell's copy ----

const MATRIX_SSO_ISSUER = 'https://login.matrix.example';
const ssoDomainOf = (w: World) => w.users.adminA.email.split('@')[1]!;
async function withSso(w: World): Promise<void> {
  const companyId = w.companies.A.id;
  const clientSecret = sealSecret(w.ctx.config.secretsKey!, 'matrix-client-secret');
  await w.ctx.db.insert(companySso).values({ companyId, issuer: MATRIX_SSO_ISSUER, clientId: 'kickoff-matrix', clientSecret });
  await w.ctx.db.insert(ssoDomains).values({ domain: ssoDomainOf(w), companyId });
}
const ssoIssuerOf = (body: unknown) => [(body as { issuer?: string } | null)?.issuer ?? '(none)'];

// ---- two-factor (issue 24): a sign-in waiting for its second step, as a password step leaves it ----

const MATRIX_FLOW_TOKEN = 'matrix-second-factor-flow';
const MATRIX_RECOVERY_CODE = 'abcd-efgh-2345';
async function waitForSecondFactor(w: World, actor: SignedInActor): Promise<void> {
  const userId = w.users[actor].id;
  await w.ctx.db.insert(recoveryCodes).values({ userId, codeHash: recoveryCodeHash(userId, MATRIX_RECOVERY_CODE.replaceAll('-', '')) });
  const expiresAt = new Date(Date.now() + AUTH_FLOW_TTL_MS).toISOString();
  await w.ctx.db.insert(authFlows).values({ id: hashToken(MATRIX_FLOW_TOKEN), purpose: 'second_factor', userId, data: { startedAt: Date.now() }, expiresAt });
}

// ---- request bodies ----

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const signUpBody = (email: string) => ({
  fullName: 'Grace Hopper',
  email,
  password: 'Str0ng!pass',
  companyName: 'Compilers Inc',
  companyAddress: '7 Harbour Road',
});
const templateBody = {
  title: 'Renamed template',
  duration: 14,
  sections: [{ title: 'Week One', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Read the handbook', type: 'checklist' }] }],
};
const cancelBody = { reason: 'other', feedback: 'matrix test' };
const planTaskBody = { title: 'Order a laptop', type: 'checklist', dayStart: -3, dayEnd: -1, assigneeKind: 'manager' };
const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };
const simulator = { merchantId: SIMULATOR_MERCHANT_ID, merchantSecret: SIMULATOR_MERCHANT_SECRET };

// ---- targets reused by several rows ----

const planTargets = (ok: number, extra: Partial<Target> = {}): Target[] => [
  {
    label: 'P1 (company A, managed by managerA, newHireA1’s)',
    company: 'A',
    params: (w) => ({ id: w.plans.P1, planId: w.plans.P1 }),
    expect: line(`401 | ${ok} ${ok} 404 ${ok} 404 | 404 404 404`),
    ...extra,
  },
  {
    label: 'P2 (company A, no manager, newHireA2’s)',
    company: 'A',
    params: (w) => ({ id: w.plans.P2, planId: w.plans.P2 }),
    expect: line(`401 | ${ok} 404 404 404 ${ok} | 404 404 404`),
    ...extra,
  },
  { label: 'PB (company B)', company: 'B', params: (w) => ({ id: w.plans.PB, planId: w.plans.PB }), expect: line(`401 | 404 404 404 404 404 | ${ok} ${ok} ${ok}`), ...extra },
];

/** Plan writes: the new hire sees their plan but may not change it (403); anyone who cannot see it gets 404. */
const planWriteTargets = (ok: number, body?: (w: World) => unknown): Target[] => [
  { label: 'P1 (company A, managed by managerA)', company: 'A', params: (w) => ({ id: w.plans.P1 }), body, expect: line(`401 | ${ok} ${ok} 404 403 404 | 404 404 404`) },
  { label: 'P2 (company A, no manager)', company: 'A', params: (w) => ({ id: w.plans.P2 }), body, expect: line(`401 | ${ok} 404 404 404 403 | 404 404 404`) },
  { label: 'PB (company B)', company: 'B', params: (w) => ({ id: w.plans.PB }), body, expect: line(`401 | 404 404 404 404 404 | ${ok} ${ok} 403`) },
];

/** Writes of one task of a plan: the same people as plan writes. */
const planTaskWriteTargets = (ok: number, body?: (w: World) => unknown): Target[] =>
  planWriteTargets(ok, body).map((target, index) => {
    const plan = (['P1', 'P2', 'PB'] as const)[index]!;
    return { ...target, params: (w: World) => ({ id: w.plans[plan], taskId: w.tasks[plan] }) };
  });

/** Template writes: admins any of their company's, managers their own, new hires none. */
const templateWriteTargets = (body?: (w: World) => unknown, ok = 200): Target[] => [
  { label: 'templateAdminA (made by adminA)', company: 'A', params: (w) => ({ id: w.templates.adminA }), body, expect: line(`401 | ${ok} 403 403 403 403 | 404 404 403`) },
  { label: 'templateManagerA (made by managerA)', company: 'A', params: (w) => ({ id: w.templates.managerA }), body, expect: line(`401 | ${ok} ${ok} 403 403 403 | 404 404 403`) },
  { label: 'templateB (made by managerB)', company: 'B', params: (w) => ({ id: w.templates.B }), body, expect: line(`401 | 404 404 404 403 403 | ${ok} ${ok} 403`) },
];

const everyone = (status: number) => line(`${status} | ${status} ${status} ${status} ${status} ${status} | ${status} ${status} ${status}`);
const signedIn = (status: number) => line(`401 | ${status} ${status} ${status} ${status} ${status} | ${status} ${status} ${status}`);
const adminsOnly = (adminA: number, adminB: number) => line(`401 | ${adminA} 403 403 403 403 | ${adminB} 403 403`);

const pushOutcome = (body: unknown) => {
  const result = (body as { results?: { status?: string }[] } | undefined)?.results?.[0]?.status;
  return result === 'applied' || result === 'rejected' ? result : 0;
};
const push = (mutation: (w: World) => { name: string; args: unknown }) => (w: World) => ({
  clientId: crypto.randomUUID(),
  mutations: [{ id: 1, ...mutation(w) }],
});
const syncRejectsWrite = { tables: ['sync_clients'], why: 'a rejected mutation still advances the client’s lastMutationId (DESIGN.md section 6)' };

/** A people CSV of one new hire (issue 21), reporting to `managerEmail` when given. */
const importCsv = (email: string, managerEmail = '') => `name,email,role,manager email\r\nImported Person,${email},New Hire,${managerEmail}\r\n`;

// ---- files, acceptances and responses (issue 19) ----

const PDF_TEXT = new TextDecoder().decode(WORLD_PDF);
const pdfUpload = { query: () => ({ name: 'contract.pdf' }), body: () => PDF_TEXT, headers: { 'Content-Type': 'application/pdf' } };
const PLAN_NAMES = ['P1', 'P2', 'PB'] as const;

/** The same people as reading the plan (tasks: set completed), aimed at each plan's task of one kind. */
const actionTaskTargets = (ok: number, kind: 'upload' | 'acknowledgement', extra: (plan: (typeof PLAN_NAMES)[number]) => Partial<Target> = () => ({})): Target[] =>
  planTargets(ok).map((target, index) => {
    const plan = PLAN_NAMES[index]!;
    return { ...target, label: `the ${kind} task of ${target.label}`, params: (w: World) => ({ taskId: w.actionTasks[plan][kind] }), ...extra(plan) };
  });

/** The new hire of each plan, by the name they type to accept its policy. */
const NEW_HIRE_OF_PLAN = { P1: 'newHireA1', P2: 'newHireA2', PB: 'newHireB' } as const;

/**
 * A file stored in the cell's own copy of the world (made by `prepare`): the copies share one folder of
 * bytes, which a plan or person deleted in an earlier cell takes its files out of.
 */
const preparedFiles = new WeakMap<World, string>();
const storeFile = (uploader: SignedInActor, path: (w: World) => string) => async (w: World) => {
  const res = await w.ctx.request(`${path(w)}?name=fresh.pdf`, { method: 'POST', cookie: w.cookies[uploader], body: PDF_TEXT, headers: { 'Content-Type': 'application/pdf' } });
  if (res.status !== 201) throw new Error(`the prepared file answered ${res.status}`);
  preparedFiles.set(w, (res.body as { id: string }).id);
};
const freshUpload = (uploader: SignedInActor, plan: (typeof PLAN_NAMES)[number]) => storeFile(uploader, (w) => `/api/tasks/${w.actionTasks[plan].upload}/files`);
const freshPolicyFile = storeFile('adminA', () => '/api/policy-files');
const preparedFile = (w: World) => ({ fileId: preparedFiles.get(w) ?? '' });

/** A browser's subscription keys (shapes only: no push is sent in the matrix). */
const MATRIX_PUSH_KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const MATRIX_PUSH_SUBSCRIPTION = { endpoint: 'https://push.example.test/newHireA1-phone', keys: MATRIX_PUSH_KEYS };

/** newHireA1's morning-digest unsubscribe token, made by `prepare` (it reads the signing key) for `query`. */
const unsubscribeTokens = new WeakMap<World, string>();
const unsubscribeTargets: Target[] = [
  {
    label: 'newHireA1’s morning digest link',
    prepare: async (w) => void unsubscribeTokens.set(w, await unsubscribeToken(w.ctx.db, w.users.newHireA1.id, 'morning_digest')),
    query: (w) => ({ token: unsubscribeTokens.get(w) ?? '' }),
    expect: everyone(200),
  },
  {
    label: 'that link with its kind changed (forged)',
    prepare: async (w) => {
      const [, signature] = (await unsubscribeToken(w.ctx.db, w.users.newHireA1.id, 'morning_digest')).split('.');
      unsubscribeTokens.set(w, `${Buffer.from(`${w.users.newHireA1.id}:weekly_summary`).toString('base64url')}.${signature}`);
    },
    query: (w) => ({ token: unsubscribeTokens.get(w) ?? '' }),
    expect: everyone(400),
  },
];

/** A file of the API reference's build, for its public asset route. */
const DOCS_CHUNK = readdirSync(join(SCALAR_BUILD.dir, 'chunks')).find((name) => name.endsWith('.js')) ?? 'none.js';

export const MATRIX: MatrixRow[] = [
  // ---- public ----
  {
    route: 'GET /api/health',
    rule: 'public: load balancers and the deploy check call it without a session',
    public: true,
    targets: [{ label: 'the server', expect: everyone(200) }],
  },
  {
    route: 'GET /api/public-config',
    rule: 'public: the landing page reads it before anyone signs in',
    public: true,
    targets: [{ label: 'the site settings', expect: everyone(200) }],
  },

  // ---- the API's description (issue 21): it names routes and fields, never anyone's data ----
  {
    route: 'GET /api/openapi.json',
    rule: 'public: the OpenAPI document, for whoever integrates with the API',
    public: true,
    targets: [{ label: 'the document', expect: everyone(200) }],
  },
  { route: 'GET /api/docs', rule: 'public: the reference page over that document', public: true, targets: [{ label: 'the page', expect: everyone(200) }] },
  {
    route: 'GET /api/docs/assets/:version/standalone.esm.js',
    rule: 'public: the reference page’s script, from the installed package only',
    public: true,
    targets: [
      { label: 'the installed version', params: () => ({ version: SCALAR_BUILD.version }), expect: everyone(200) },
      { label: 'another version', params: () => ({ version: '0.0.0' }), expect: everyone(404) },
    ],
  },
  {
    route: 'GET /api/docs/assets/:version/chunks/:file',
    rule: 'public: a part of that script, from the installed package only',
    public: true,
    targets: [
      { label: 'one of its chunks', params: () => ({ version: SCALAR_BUILD.version, file: DOCS_CHUNK }), expect: everyone(200) },
      { label: 'a chunk that is not there', params: () => ({ version: SCALAR_BUILD.version, file: 'missing.js' }), expect: everyone(404) },
    ],
  },

  // ---- accounts (public entry points; a session changes nothing about them) ----
  {
    route: 'POST /api/auth/signup',
    rule: 'public: anyone may start a company; a taken email is 409 (DESIGN.md section 8)',
    public: true,
    targets: [
      { label: 'a new email', body: () => signUpBody(uniqueEmail('founder')), expect: everyone(201) },
      { label: 'newHireB’s email (taken)', body: (w) => signUpBody(w.users.newHireB.email), expect: everyone(409) },
    ],
  },
  {
    route: 'POST /api/auth/login',
    rule: 'public: unknown email and wrong password answer the same 401',
    public: true,
    targets: [
      { label: 'newHireA1’s email and password', body: (w) => ({ email: w.users.newHireA1.email, password: TEST_PASSWORD }), expect: everyone(200) },
      { label: 'newHireA1’s email, wrong password', body: (w) => ({ email: w.users.newHireA1.email, password: 'Wrong#Pass1' }), expect: everyone(401) },
      { label: 'an unknown email', body: () => ({ email: uniqueEmail('ghost'), password: TEST_PASSWORD }), expect: everyone(401) },
    ],
  },
  {
    route: 'GET /api/auth/logout',
    rule: 'public: ends the caller’s session if any (the spec’s GET)',
    public: true,
    targets: [{ label: 'the caller’s session', expect: everyone(303) }],
  },
  { route: 'POST /api/auth/logout', rule: 'public: ends the caller’s session if any', public: true, targets: [{ label: 'the caller’s session', expect: everyone(204) }] },
  {
    route: 'POST /api/auth/verify-email',
    rule: 'public: the token is the permission',
    public: true,
    targets: [
      { label: 'a valid token of pendingA', body: async (w) => ({ token: await issueEmailVerification(w.ctx.db, w.pending.A.id) }), expect: everyone(200) },
      { label: 'an unknown token', body: () => ({ token: 'not-a-real-token' }), expect: everyone(400) },
    ],
  },
  {
    route: 'POST /api/auth/resend-verification',
    rule: 'public: answers the same for any email',
    public: true,
    targets: [{ label: 'pendingA’s email', body: (w) => ({ email: w.pending.A.email }), expect: everyone(200) }],
  },
  {
    route: 'POST /api/auth/forgot-password',
    rule: 'public: answers the same for any email',
    public: true,
    targets: [{ label: 'newHireA1’s email', body: (w) => ({ email: w.users.newHireA1.email }), expect: everyone(200) }],
  },
  {
    route: 'POST /api/auth/reset-password',
    rule: 'public: the token is the permission',
    public: true,
    targets: [
      {
        label: 'a valid reset token of newHireA1',
        body: async (w) => ({ token: await issueToken(w.ctx.db, w.users.newHireA1.id, 'reset', RESET_TOKEN_TTL_MS), password: 'Brand#New1' }),
        expect: everyone(200),
      },
      { label: 'an unknown token', body: () => ({ token: 'not-a-real-token', password: 'Brand#New1' }), expect: everyone(400) },
    ],
  },

  {
    route: 'POST /api/auth/second-factor',
    rule: 'public: sign-in’s second step; only the browser whose password step opened a flow gets anywhere',
    public: true,
    targets: [
      {
        label: 'newHireA1’s sign-in waiting for a recovery code',
        prepare: (w) => waitForSecondFactor(w, 'newHireA1'),
        headers: { Cookie: `kickoff_flow_second_factor=${MATRIX_FLOW_TOKEN}` },
        body: () => ({ recoveryCode: MATRIX_RECOVERY_CODE }),
        expect: everyone(200),
      },
      { label: 'no sign-in in progress', body: () => ({ code: '123456' }), expect: everyone(401) },
    ],
  },

  // ---- own account ----
  { route: 'GET /api/auth/user', rule: 'own account: every signed-in person reads themself', targets: [{ label: 'the caller', expect: signedIn(200) }] },
  {
    route: 'DELETE /api/users/me',
    rule: 'delete own account, with the password: yes, unless last admin while others remain (409)',
    targets: [{ label: 'the caller', body: () => ({ password: TEST_PASSWORD }), expect: line('401 | 409 200 200 200 200 | 409 200 200') }],
  },
  {
    route: 'PATCH /api/users/me',
    rule: 'own account: every signed-in person edits their profile',
    targets: [{ label: 'the caller', body: () => ({ fullName: 'Renamed Person' }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/users/me/password',
    rule: 'own account: every signed-in person changes their password',
    targets: [{ label: 'the caller', body: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'Next@Pass1' }), expect: signedIn(200) }],
  },
  {
    route: 'GET /api/users/me/sessions',
    rule: 'own account: every signed-in person lists their own sessions, nobody else’s',
    targets: [{ label: 'the caller’s sessions', prepare: withOtherSessions, expect: signedIn(200) }],
    shows: { ids: idsOf, visible: sessionsOf },
  },
  {
    route: 'DELETE /api/users/me/sessions',
    rule: 'own account: every signed-in person signs out their other sessions',
    targets: [{ label: 'the caller’s other sessions', prepare: withOtherSessions, expect: signedIn(200) }],
  },
  {
    route: 'DELETE /api/users/me/sessions/:id',
    rule: 'own account: a person signs out their own sessions; anyone else’s, in their company or not, is 404',
    targets: [
      {
        label: 'newHireA1’s other session (company A)',
        company: 'A',
        prepare: withOtherSessions,
        params: (w) => ({ id: otherSessionOf(w, 'newHireA1') }),
        expect: line('401 | 404 404 404 200 404 | 404 404 404'),
      },
      {
        label: 'adminB’s other session (company B)',
        company: 'B',
        prepare: withOtherSessions,
        params: (w) => ({ id: otherSessionOf(w, 'adminB') }),
        expect: line('401 | 404 404 404 404 404 | 200 404 404'),
      },
    ],
  },

  // ---- passkeys (issue 24): each person's own; another person's, in the company or not, is 404 ----
  {
    route: 'GET /api/users/me/passkeys',
    rule: 'own account: every signed-in person lists their own passkeys, nobody else’s',
    targets: [{ label: 'the caller’s passkeys', prepare: withPasskeys, expect: signedIn(200) }],
    shows: { ids: idsOf, visible: (w, actor) => (passkeysMade.get(w)?.[actor] ? [passkeyOf(w, actor)] : []) },
  },
  {
    route: 'POST /api/users/me/passkeys/options',
    rule: 'own account: every signed-in person may start adding a passkey',
    targets: [{ label: 'the caller', expect: signedIn(200) }],
  },
  {
    route: 'POST /api/users/me/passkeys',
    rule: 'own account: only the browser that started adding a passkey can finish it',
    targets: [
      {
        label: 'no ceremony started',
        body: () => ({
          name: 'Matrix key',
          response: new TestAuthenticator('http://localhost').register({ challenge: MATRIX_PASSKEY_CHALLENGE, rp: { id: 'localhost' }, user: { id: 'dXNlcg' } }),
        }),
        expect: signedIn(400),
      },
    ],
  },
  {
    route: 'PATCH /api/users/me/passkeys/:id',
    rule: 'own account: a person renames their own passkeys; anyone else’s is 404',
    targets: passkeyTargets(passkeyOwnerOnly(200), () => ({ name: 'Renamed' })),
  },
  { route: 'DELETE /api/users/me/passkeys/:id', rule: 'own account: a person removes their own passkeys; anyone else’s is 404', targets: passkeyTargets(passkeyOwnerOnly(200)) },
  {
    route: 'POST /api/auth/passkey/options',
    rule: 'public: a sign-in challenge for any passkey of this site (no email)',
    public: true,
    targets: [{ label: 'a new ceremony', expect: everyone(200) }],
  },
  {
    route: 'POST /api/auth/passkey',
    rule: 'public: the passkey names and proves its person; only the browser whose ceremony it answers gets anywhere',
    public: true,
    targets: [
      {
        label: 'newHireA1’s passkey answering this browser’s ceremony',
        prepare: async (w) => {
          await withPasskeys(w);
          await openTestSignInFlow(w.ctx.db, MATRIX_PASSKEY_FLOW, MATRIX_PASSKEY_CHALLENGE);
        },
        headers: { Cookie: `kickoff_flow_passkey_sign_in=${MATRIX_PASSKEY_FLOW}` },
        body: passkeySignInBody,
        expect: everyone(200),
      },
      { label: 'no ceremony started', prepare: withPasskeys, body: passkeySignInBody, expect: everyone(400) },
    ],
  },

  // ---- two-factor (issue 24): each person's own; none of it names anyone else ----
  {
    route: 'GET /api/users/me/two-factor',
    rule: 'own account: every signed-in person reads their own two-factor status',
    targets: [{ label: 'the caller', expect: signedIn(200) }],
  },
  {
    route: 'POST /api/users/me/two-factor/start',
    rule: 'own account: every signed-in person may set up an authenticator app',
    targets: [{ label: 'the caller', expect: signedIn(200) }],
  },
  {
    route: 'POST /api/users/me/two-factor/confirm',
    rule: 'own account: only the browser that started the set-up can confirm it',
    targets: [{ label: 'no set-up started', body: () => ({ code: '123456' }), expect: signedIn(400) }],
  },
  {
    route: 'POST /api/users/me/two-factor/disable',
    rule: 'own account: turning off one’s own two-factor (409 when it is not on)',
    targets: [{ label: 'the caller (not on)', body: () => ({ code: '123456' }), expect: signedIn(409) }],
  },
  {
    route: 'POST /api/users/me/two-factor/recovery-codes',
    rule: 'own account: new recovery codes for one’s own two-factor (409 when it is not on)',
    targets: [{ label: 'the caller (not on)', body: () => ({ code: '123456' }), expect: signedIn(409) }],
  },
  {
    route: 'POST /api/users/me/two-factor/verify',
    rule: 'own account: confirming one’s own session with a second factor (409 when it is not on)',
    targets: [{ label: 'the caller (not on)', body: () => ({ code: '123456' }), expect: signedIn(409) }],
  },

  // ---- people ----
  {
    route: 'GET /api/users',
    rule: 'read users of own company: admin all, manager all (for pickers), new hire self and own manager',
    targets: [{ label: 'the caller’s company', expect: signedIn(200) }],
    shows: { ids: idsOf, visible: peopleVisibleTo },
  },
  {
    route: 'GET /api/users/managers',
    rule: 'the plan-manager picker: admins (who assign plans to any manager)',
    targets: [{ label: 'the caller’s company', expect: line('401 | 200 403 403 403 403 | 200 403 403') }],
    shows: {
      ids: idsOf,
      visible: (w, actor) =>
        companyPeople(w, actor)
          .filter((user) => user.role !== 'new_hire')
          .map((user) => user.id),
    },
  },
  {
    route: 'POST /api/users/invite',
    rule: 'invite: admin a manager or new hire; manager a new hire only; new hire no',
    targets: [
      { label: 'a new hire, no manager named', body: () => ({ email: uniqueEmail('invitee'), role: 'new_hire' }), expect: line('401 | 201 201 201 403 403 | 201 201 403') },
      { label: 'a manager', body: () => ({ email: uniqueEmail('boss'), role: 'manager' }), expect: line('401 | 201 403 403 403 403 | 201 403 403') },
      {
        label: 'a new hire managed by managerB (company B)',
        company: 'B',
        body: (w) => ({ email: uniqueEmail('invitee'), role: 'new_hire', managerId: w.users.managerB.id }),
        expect: line('401 | 404 404 404 403 403 | 201 201 403'),
      },
    ],
  },
  {
    route: 'POST /api/users/:id/resend-invitation',
    rule: 'resend invitation: admin, others in company; manager no; new hire no',
    targets: [
      { label: 'pendingA (company A)', company: 'A', params: (w) => ({ id: w.pending.A.id }), expect: adminsOnly(200, 404) },
      { label: 'pendingB (company B)', company: 'B', params: (w) => ({ id: w.pending.B.id }), expect: adminsOnly(404, 200) },
    ],
  },
  {
    route: 'DELETE /api/users/:id',
    rule: 'delete user: admin, others in company; manager no; new hire no',
    targets: [
      { label: 'newHireA2 (company A)', company: 'A', params: (w) => ({ id: w.users.newHireA2.id }), expect: adminsOnly(200, 404) },
      { label: 'newHireB (company B)', company: 'B', params: (w) => ({ id: w.users.newHireB.id }), expect: adminsOnly(404, 200) },
    ],
  },
  {
    route: 'POST /api/people/import/preview',
    rule: 'CSV import (issue 21), the preview: staff, as invite (a manager’s rows must be their own new hires); new hire no; reads only',
    targets: [{ label: 'a new hire with no manager named', body: () => ({ csv: importCsv(uniqueEmail('imported')) }), expect: line('401 | 200 200 200 403 403 | 200 200 403') }],
  },
  {
    route: 'POST /api/people/import',
    rule: 'CSV import (issue 21): invite as POST /api/users/invite (admin any row, manager new hires who report to them); new hire no; a manager of another company is not found (400 on its row)',
    targets: [
      { label: 'a new hire with no manager named', body: () => ({ csv: importCsv(uniqueEmail('imported')) }), expect: line('401 | 201 201 201 403 403 | 201 201 403') },
      {
        label: 'a new hire reporting to managerB, by email (company B: not found for company A, a row error)',
        body: (w) => ({ csv: importCsv(uniqueEmail('imported'), w.users.managerB.email) }),
        expect: line('401 | 400 400 400 403 403 | 201 201 403'),
      },
    ],
  },
  {
    route: 'GET /api/people/export.csv',
    rule: 'people export (issue 21): admin the company, manager their team (DESIGN.md section 5, company stats); new hire no',
    targets: [{ label: 'the caller’s company', expect: line('401 | 200 200 200 403 403 | 200 200 403') }],
  },

  // ---- templates ----
  {
    route: 'GET /api/templates',
    rule: 'templates: read: admin all, manager all (to assign), new hire only through own plan',
    targets: [{ label: 'the caller’s company', expect: line('401 | 200 200 200 403 403 | 200 200 403') }],
    shows: { ids: idsOf, visible: (w, actor) => (isCompanyA(actor) ? [w.templates.adminA, w.templates.managerA] : [w.templates.B]) },
  },
  {
    route: 'GET /api/templates/:id',
    rule: 'templates: read: admin all, manager all, new hire only the template of their own plan',
    targets: [
      { label: 'templateAdminA (P1’s)', company: 'A', params: (w) => ({ id: w.templates.adminA }), expect: line('401 | 200 200 200 200 404 | 404 404 404') },
      { label: 'templateManagerA (P2’s)', company: 'A', params: (w) => ({ id: w.templates.managerA }), expect: line('401 | 200 200 200 404 200 | 404 404 404') },
      { label: 'templateB (PB’s)', company: 'B', params: (w) => ({ id: w.templates.B }), expect: line('401 | 404 404 404 404 404 | 200 200 200') },
    ],
  },
  {
    route: 'POST /api/templates',
    rule: 'templates: create: admin yes, manager yes, new hire no',
    targets: [{ label: 'a new template', body: () => templateBody, expect: line('401 | 201 201 201 403 403 | 201 201 403') }],
  },
  { route: 'PATCH /api/templates/:id', rule: 'templates: edit: admin all, manager own, new hire no', targets: templateWriteTargets(() => templateBody) },
  { route: 'DELETE /api/templates/:id', rule: 'templates: delete: admin all, manager own, new hire no', targets: templateWriteTargets() },
  {
    route: 'POST /api/templates/:id/presence',
    rule: 'templates: who has it open in the editor: those who may edit it (admin all, manager own, new hire no)',
    targets: templateWriteTargets(),
  },
  { route: 'DELETE /api/templates/:id/presence', rule: 'templates: closing the editor: those who may edit it', targets: templateWriteTargets(undefined, 204) },
  {
    route: 'POST /api/templates/:id/reapply',
    rule: 'templates: re-apply to existing plans: staff of the company, to the plans each may edit (admin all, manager the ones they manage); new hire no',
    targets: [
      { label: 'templateAdminA', company: 'A', params: (w) => ({ id: w.templates.adminA }), expect: line('401 | 200 200 200 403 403 | 404 404 403') },
      { label: 'templateB', company: 'B', params: (w) => ({ id: w.templates.B }), expect: line('401 | 404 404 404 403 403 | 200 200 403') },
    ],
  },

  // ---- onboarding plans and tasks ----
  {
    route: 'GET /api/onboarding-plans',
    rule: 'plans: read: admin all, manager where they are the manager, new hire own',
    targets: [{ label: 'the caller’s company', expect: signedIn(200) }],
    shows: { ids: idsOf, visible: plansOf },
  },
  {
    route: 'POST /api/onboarding-plans',
    rule: 'plans: create: admin all, manager (becomes its manager), new hire no',
    targets: [
      {
        label: 'pendingA from templateAdminA (company A)',
        company: 'A',
        body: (w) => ({ newHireId: w.pending.A.id, templateId: w.templates.adminA, startDate: '2026-02-02' }),
        expect: line('401 | 201 201 201 403 403 | 404 404 403'),
      },
      {
        label: 'pendingA from templateB (ids of both companies)',
        company: 'both',
        body: (w) => ({ newHireId: w.pending.A.id, templateId: w.templates.B, startDate: '2026-02-02' }),
        expect: line('401 | 404 404 404 403 403 | 404 404 403'),
      },
      {
        // Managers may only assign plans to themselves (403, decided before the manager is looked up).
        label: 'pendingA from templateAdminA, managed by managerB (company B)',
        company: 'A',
        body: (w) => ({ newHireId: w.pending.A.id, templateId: w.templates.adminA, startDate: '2026-02-02', managerId: w.users.managerB.id }),
        expect: line('401 | 404 403 403 403 403 | 404 404 403'),
      },
      {
        label: 'pendingB from templateB (company B)',
        company: 'B',
        body: (w) => ({ newHireId: w.pending.B.id, templateId: w.templates.B, startDate: '2026-02-02' }),
        expect: line('401 | 404 404 404 403 403 | 201 201 403'),
      },
    ],
  },
  { route: 'GET /api/onboarding-plans/:id', rule: 'plans: read', targets: planTargets(200) },
  { route: 'GET /api/onboarding-plans/:id/details', rule: 'plans: read (with tasks)', targets: planTargets(200) },
  { route: 'GET /api/onboarding-plans/:id/tasks', rule: 'plans: read (tasks)', targets: planTargets(200) },
  {
    route: 'PATCH /api/onboarding-plans/:id',
    rule: 'plans: edit: admin all, manager where they are the manager, new hire no (403 on their own, 404 on others)',
    targets: [
      ...planWriteTargets(200, () => ({ currentPhase: 'Week Two' })),
      // Company B's ids in the body of an edit of P1: the plan is A's (so new hires still get 403 on their own plan).
      ...(['templateId', 'managerId', 'newHireId'] as const).map((field): Target => ({
        label: `P1 with company B’s ${field} in the body`,
        company: 'A',
        params: (w) => ({ id: w.plans.P1 }),
        body: (w) => ({
          currentPhase: 'Week Two',
          [field]: { templateId: w.templates.B, managerId: w.users.managerB.id, newHireId: w.users.newHireB.id }[field],
        }),
        expect: line('401 | 404 404 404 403 404 | 404 404 404'),
      })),
    ],
  },
  { route: 'DELETE /api/onboarding-plans/:id', rule: 'plans: delete: admin all, manager where they are the manager, new hire no', targets: planWriteTargets(200) },
  {
    route: 'POST /api/onboarding-plans/:id/tasks',
    rule: 'live plans: add a task to one person’s plan: admin all, manager where they are the manager, new hire no',
    targets: planWriteTargets(201, () => planTaskBody),
  },
  { route: 'PUT /api/onboarding-plans/:id/tasks/:taskId', rule: 'live plans: edit a task of one plan: as plan edits', targets: planTaskWriteTargets(200, () => planTaskBody) },
  { route: 'DELETE /api/onboarding-plans/:id/tasks/:taskId', rule: 'live plans: remove a task of one plan: as plan edits', targets: planTaskWriteTargets(200) },
  {
    route: 'PUT /api/onboarding-plans/:id/task-order',
    rule: 'live plans: reorder one plan’s tasks: as plan edits',
    targets: planWriteTargets(200).map((target, index) => {
      const plan = (['P1', 'P2', 'PB'] as const)[index]!;
      return { ...target, body: (w: World) => ({ taskIds: w.reversedTasks[plan] }) };
    }),
  },
  { route: 'POST /api/onboarding-plans/:id/reapply-template', rule: 'live plans: re-apply the template to one plan: as plan edits', targets: planWriteTargets(200) },
  {
    route: 'GET /api/onboarding-plans/export.csv',
    rule: 'plans export with progress (issue 21): staff, the plans they read (admin all, manager managed); new hire no',
    targets: [{ label: 'the caller’s plans', expect: line('401 | 200 200 200 403 403 | 200 200 403') }],
  },
  { route: 'GET /api/onboarding-plans/:id/export.csv', rule: 'plans: export: staff who see the plan; its new hire 403', targets: planWriteTargets(200) },
  {
    route: 'PATCH /api/onboarding-tasks/:taskId',
    rule: 'tasks: set completed: its assignee (even on a plan they cannot see), admin any plan, manager plans they manage, new hire own plan',
    targets: [
      {
        label: 'a task of P1 assigned to otherManagerA (a plan they cannot otherwise see; on newHireA1’s own plan)',
        company: 'A',
        prepare: async (w) => {
          await w.ctx.db
            .update(onboardingTasks)
            .set({ assigneeKind: 'person', assigneePersonId: w.users.otherManagerA.id, assigneeId: w.users.otherManagerA.id })
            .where(eq(onboardingTasks.id, w.tasks.P1));
        },
        params: (w) => ({ taskId: w.tasks.P1 }),
        body: () => ({ isCompleted: true }),
        expect: line('401 | 200 200 200 200 404 | 404 404 404'),
      },
      {
        label: 'a task of P1',
        company: 'A',
        params: (w) => ({ taskId: w.tasks.P1 }),
        body: () => ({ isCompleted: true }),
        expect: line('401 | 200 200 404 200 404 | 404 404 404'),
      },
      {
        label: 'a task of P2',
        company: 'A',
        params: (w) => ({ taskId: w.tasks.P2 }),
        body: () => ({ isCompleted: true }),
        expect: line('401 | 200 404 404 404 200 | 404 404 404'),
      },
      {
        label: 'a task of PB',
        company: 'B',
        params: (w) => ({ taskId: w.tasks.PB }),
        body: () => ({ isCompleted: true }),
        expect: line('401 | 404 404 404 404 404 | 200 200 200'),
      },
    ],
  },

  {
    route: 'GET /api/my-tasks',
    rule: 'my tasks: every signed-in person reads the tasks assigned to them, in their own company only',
    targets: [{ label: 'the caller’s tasks', expect: signedIn(200) }],
    shows: {
      // The world's tasks are all the new hires' own: each reads their plan's, staff none.
      ids: (body) => [...new Set(((body as { tasks?: { planId: string }[] } | undefined)?.tasks ?? [{ planId: '(no tasks)' }]).map((task) => task.planId))],
      visible: (w, actor) => (w.users[actor].role === 'new_hire' ? plansOf(w, actor) : []),
    },
  },
  { route: 'GET /api/my-tasks/count', rule: 'my tasks: every signed-in person counts their own', targets: [{ label: 'the caller’s count', expect: signedIn(200) }] },

  // ---- messages ----
  {
    route: 'GET /api/messages/unread',
    rule: 'messages: read: unread counts of messages to the caller on plans they may see',
    targets: [{ label: 'the caller’s inbox', expect: signedIn(200) }],
    shows: {
      ids: (body) => Object.keys((body as { byPlan?: Record<string, number> } | undefined)?.byPlan ?? { '(no byPlan)': 1 }),
      visible: (w, actor) => UNREAD_PLANS_OF[actor].map((plan) => w.plans[plan]),
    },
  },
  {
    route: 'GET /api/messages/:planId',
    rule: 'messages: read: admin any plan, manager plans they manage, new hire own plan (never its staff notes)',
    targets: planTargets(200),
    shows: {
      ids: idsOf,
      visible: (w, actor, params) => {
        const plan = (Object.keys(w.plans) as PlanName[]).find((name) => w.plans[name] === params.planId);
        return plan ? messagesOf(w, actor, plan) : [];
      },
    },
  },
  {
    route: 'POST /api/messages',
    rule: 'messages: send: admin any plan, manager plans they manage, new hire own plan',
    // The plan travels in the body; the targets and expectations are those of reading the plan.
    targets: [
      ...planTargets(201).map(({ params, ...target }) => ({ ...target, body: (w: World) => ({ planId: params?.(w).planId, content: 'Checking in' }) })),
      {
        label: 'P1, addressed to newHireB (company B)',
        company: 'A',
        body: (w) => ({ planId: w.plans.P1, content: 'Checking in', receiverId: w.users.newHireB.id }),
        expect: line('401 | 400 400 404 400 404 | 404 404 404'),
      },
    ],
  },
  {
    route: 'PATCH /api/messages/:id/read',
    rule: 'messages: mark read: only the message’s receiver; to anyone else it is not there (404)',
    targets: [
      { label: 'M1 (P1, to managerA)', company: 'A', params: (w) => ({ id: w.messages.M1 }), expect: line('401 | 404 200 404 404 404 | 404 404 404') },
      { label: 'SN1 (staff note on P1, to managerA)', company: 'A', params: (w) => ({ id: w.messages.SN1 }), expect: line('401 | 404 200 404 404 404 | 404 404 404') },
      { label: 'M2 (P2, to newHireA2)', company: 'A', params: (w) => ({ id: w.messages.M2 }), expect: line('401 | 404 404 404 404 200 | 404 404 404') },
      { label: 'MB (PB, to newHireB)', company: 'B', params: (w) => ({ id: w.messages.MB }), expect: line('401 | 404 404 404 404 404 | 404 404 200') },
    ],
  },
  { route: 'POST /api/messages/:planId/read', rule: 'messages: read (marks the conversation read for the caller)', targets: planTargets(200) },

  // ---- forms, documents and acknowledgements (issue 19) ----
  {
    route: 'POST /api/tasks/:taskId/files',
    rule: 'upload to a task: as tasks: set completed (its assignee, admin any plan, manager plans they manage, new hire own plan)',
    targets: actionTaskTargets(201, 'upload', () => pdfUpload),
  },
  {
    route: 'GET /api/files/:fileId',
    rule: 'download: an upload to whoever may read its plan; a policy PDF to every member of its company',
    targets: [
      { label: 'newHireA1’s upload to P1', company: 'A', prepare: freshUpload('newHireA1', 'P1'), params: preparedFile, expect: line('401 | 200 200 404 200 404 | 404 404 404') },
      { label: 'company A’s policy PDF', company: 'A', prepare: freshPolicyFile, params: preparedFile, expect: line('401 | 200 200 200 200 200 | 404 404 404') },
    ],
  },
  {
    route: 'DELETE /api/files/:fileId',
    rule: 'remove an upload: its uploader (who may still do the task), or staff who may read its plan; a policy PDF is not removed here',
    targets: [
      {
        label: 'a file newHireA1 uploaded to P1',
        company: 'A',
        prepare: freshUpload('newHireA1', 'P1'),
        params: preparedFile,
        expect: line('401 | 204 204 404 204 404 | 404 404 404'),
      },
      {
        label: 'a file adminA uploaded to P2 (newHireA2’s plan, not their file)',
        company: 'A',
        prepare: freshUpload('adminA', 'P2'),
        params: preparedFile,
        expect: line('401 | 204 404 404 404 404 | 404 404 404'),
      },
      { label: 'company A’s policy PDF', company: 'A', prepare: freshPolicyFile, params: preparedFile, expect: line('401 | 404 404 404 404 404 | 404 404 404') },
    ],
  },
  {
    route: 'POST /api/policy-files',
    rule: 'a policy’s PDF for an acknowledgement task: those who write templates and plans (admin, manager); new hire no',
    targets: [{ label: 'a PDF', ...pdfUpload, expect: line('401 | 201 201 201 403 403 | 201 201 403') }],
  },
  {
    route: 'POST /api/tasks/:taskId/acknowledgement',
    rule: 'accept a policy: only the new hire it is for; staff who see the plan 403, anyone else 404',
    targets: actionTaskTargets(201, 'acknowledgement', (plan) => ({
      body: async (w: World) => ({ fullName: w.users[NEW_HIRE_OF_PLAN[plan]].fullName, sha256: await policySha256({ policyText: WORLD_POLICY_TEXT, policyFile: null }) }),
    })).map((target, index) => ({
      ...target,
      expect: [line('401 | 403 403 404 201 404 | 404 404 404'), line('401 | 403 404 404 404 201 | 404 404 404'), line('401 | 404 404 404 404 404 | 403 403 201')][index]!,
    })),
  },
  {
    route: 'GET /api/plans/:planId/responses',
    rule: 'a plan’s responses (answers, acceptances, files): staff who see the plan; its new hire 403',
    targets: planWriteTargets(200).map((target, index) => ({ ...target, params: (w: World) => ({ planId: w.plans[PLAN_NAMES[index]!] }) })),
  },
  {
    route: 'GET /api/templates/:templateId/tasks/:templateTaskId/responses.csv',
    rule: 'one form’s answers or policy’s acceptances across a template’s plans: staff of its company (each gets the plans they see); new hire 403; another kind of task 400',
    targets: [
      {
        label: 'the form of templateAdminA',
        company: 'A',
        params: (w) => ({ templateId: w.templates.adminA, templateTaskId: w.templateTasks.adminA.form }),
        expect: line('401 | 200 200 200 403 403 | 404 404 403'),
      },
      {
        label: 'the policy of templateB',
        company: 'B',
        params: (w) => ({ templateId: w.templates.B, templateTaskId: w.templateTasks.B.acknowledgement }),
        expect: line('401 | 404 404 404 403 403 | 200 200 403'),
      },
      {
        label: 'the upload task of templateAdminA',
        company: 'A',
        params: (w) => ({ templateId: w.templates.adminA, templateTaskId: w.templateTasks.adminA.upload }),
        expect: line('401 | 400 400 400 403 403 | 404 404 403'),
      },
      {
        label: 'templateB’s form under templateAdminA (ids of both companies)',
        company: 'both',
        params: (w) => ({ templateId: w.templates.adminA, templateTaskId: w.templateTasks.B.form }),
        expect: line('401 | 404 404 404 403 403 | 404 404 403'),
      },
    ],
  },

  // ---- API keys (issue 21): signed-in admins only; a key never manages keys (keyExpectation) ----
  {
    route: 'GET /api/api-keys',
    rule: 'API keys: admins list their own company’s keys (never the key or its hash); managers and new hires no',
    targets: [{ label: 'the caller’s company', expect: adminsOnly(200, 200) }],
    shows: { ids: idsOf, visible: (w, actor) => (isCompanyA(actor) ? [w.apiKeys.keyA.id, w.apiKeys.readKeyA.id] : [w.apiKeys.B.id]) },
  },
  {
    route: 'POST /api/api-keys',
    rule: 'API keys: admins create keys of their own company; managers and new hires no',
    targets: [{ label: 'a new read key', body: () => ({ name: 'Matrix reporting', scope: 'read' }), expect: adminsOnly(201, 201) }],
  },
  {
    route: 'DELETE /api/api-keys/:id',
    rule: 'API keys: admins revoke their own company’s keys; another company’s key is 404',
    targets: [
      { label: 'readKeyA (company A’s)', company: 'A', params: (w) => ({ id: w.apiKeys.readKeyA.id }), expect: adminsOnly(200, 404) },
      { label: 'company B’s key', company: 'B', params: (w) => ({ id: w.apiKeys.B.id }), expect: adminsOnly(404, 200) },
    ],
  },

  // ---- webhooks (issue 21) ----
  {
    route: 'GET /api/webhooks',
    rule: 'webhooks: admins list their own company’s endpoints; managers and new hires no',
    targets: [{ label: 'the caller’s company', prepare: withWebhooks, expect: adminsOnly(200, 200) }],
    shows: { ids: idsOf, visible: (w, actor) => [MATRIX_WEBHOOKS[isCompanyA(actor) ? 'A' : 'B'].endpointId] },
  },
  {
    route: 'POST /api/webhooks',
    rule: 'webhooks: admins add endpoints to their own company; managers and new hires no',
    targets: [{ label: 'a new endpoint', body: () => ({ kind: 'slack', url: 'https://hooks.example.com/kickoff', events: ['plan.created'] }), expect: adminsOnly(201, 201) }],
  },
  ...webhookRows([
    ['GET /api/webhooks/:id', 'webhooks: admins read their own company’s endpoint (with its secret); another company’s is 404', 200],
    ['PATCH /api/webhooks/:id', 'webhooks: admins change their own company’s endpoint; another company’s is 404', 200, () => ({ description: 'Matrix' })],
    ['DELETE /api/webhooks/:id', 'webhooks: admins delete their own company’s endpoint; another company’s is 404', 204],
    ['POST /api/webhooks/:id/test', 'webhooks: admins send a test event to their own company’s endpoint; another company’s is 404', 201],
    ['GET /api/webhooks/:id/deliveries', 'webhooks: admins read their own company’s delivery log; another company’s is 404', 200],
    ['POST /api/webhooks/:id/deliveries/:deliveryId/resend', 'webhooks: admins resend their own company’s deliveries; another company’s is 404', 200],
  ]),

  // ---- single sign-on (issue 24): admins of their own company only; a key never (api-key-auth.ts) ----
  {
    route: 'GET /api/sso',
    rule: 'single sign-on: admins read their own company’s set-up (never the secret); managers and new hires no',
    targets: [{ label: 'the caller’s company (A has one, B none)', prepare: withSso, expect: adminsOnly(200, 200) }],
    shows: { ids: ssoIssuerOf, visible: (w, actor) => [isCompanyA(actor) ? MATRIX_SSO_ISSUER : '(none)'] },
  },
  {
    route: 'PUT /api/sso',
    rule: 'single sign-on: admins set their own company’s provider and domains; a domain another company covers is 409',
    targets: [
      {
        label: 'company A’s email domain',
        prepare: withSso,
        body: (w) => ({ issuer: 'https://login.changed.example', clientId: 'kickoff-matrix', clientSecret: 'changed-secret', domains: [ssoDomainOf(w)] }),
        expect: adminsOnly(200, 409),
      },
    ],
  },
  {
    route: 'PATCH /api/sso',
    rule: 'single sign-on: admins change their own company’s switches; a company without a set-up is 404',
    targets: [{ label: 'the caller’s company (A has one, B none)', prepare: withSso, body: () => ({ autoProvision: true }), expect: adminsOnly(200, 404) }],
  },
  {
    route: 'DELETE /api/sso',
    rule: 'single sign-on: admins remove their own company’s set-up (B has none: nothing to remove, 204)',
    targets: [{ label: 'the caller’s company', prepare: withSso, expect: adminsOnly(204, 204) }],
  },
  {
    route: 'POST /api/sso/test',
    rule: 'single sign-on: admins test their own company’s set-up (the round trip is api/sso/sso.test.ts); none set up is 404',
    targets: [{ label: 'no set-up yet', expect: adminsOnly(404, 404) }],
  },
  {
    route: 'POST /api/auth/sso/start',
    rule: 'public: email-first sign-in; a domain no enabled company covers answers sso: false (the password field)',
    public: true,
    targets: [{ label: 'company A’s domain, SSO not turned on', prepare: withSso, body: (w) => ({ email: w.users.newHireA1.email }), expect: everyone(200) }],
  },
  {
    route: 'GET /api/auth/sso/callback',
    rule: 'public: the provider’s way back; without this browser’s flow it signs nobody in and redirects to /login',
    public: true,
    targets: [{ label: 'no flow in this browser', query: () => ({ code: 'made-up', state: 's.made-up' }), expect: everyone(303) }],
  },

  // ---- the change stream ----
  {
    route: 'GET /api/events',
    rule: 'change stream: every signed-in person opens their own; which pokes reach whom is api/events/events.test.ts',
    targets: [
      // The copy's bus is closed first: the stream then answers 200 and ends at once instead of staying open.
      { label: 'the caller’s stream', prepare: (w) => w.ctx.changes.close(), expect: signedIn(200) },
    ],
  },

  // ---- web push (issue #18) ----
  { route: 'GET /api/push/key', rule: 'web push: every signed-in person reads the server’s VAPID public key', targets: [{ label: 'the key', expect: signedIn(200) }] },
  {
    route: 'POST /api/push/subscriptions',
    rule: 'web push: every signed-in person subscribes their own device; an endpoint already held moves to the caller (a shared device)',
    targets: [
      { label: 'a new endpoint', body: () => ({ endpoint: 'https://push.example.test/new-device', keys: MATRIX_PUSH_KEYS }), expect: signedIn(201) },
      {
        label: 'newHireA1’s endpoint',
        prepare: async (w) => void (await w.ctx.request('/api/push/subscriptions', { method: 'POST', cookie: w.cookies.newHireA1, body: MATRIX_PUSH_SUBSCRIPTION })),
        body: () => MATRIX_PUSH_SUBSCRIPTION,
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'DELETE /api/push/subscriptions',
    rule: 'web push: unsubscribing removes only the caller’s own subscription (api/push/push.test.ts); 204 either way',
    targets: [
      {
        label: 'newHireA1’s endpoint',
        prepare: async (w) => void (await w.ctx.request('/api/push/subscriptions', { method: 'POST', cookie: w.cookies.newHireA1, body: MATRIX_PUSH_SUBSCRIPTION })),
        body: () => ({ endpoint: MATRIX_PUSH_SUBSCRIPTION.endpoint }),
        expect: signedIn(204),
      },
    ],
  },

  // ---- notification preferences and unsubscribe links (issue #18) ----
  {
    route: 'GET /api/notifications/preferences',
    rule: 'notifications: every signed-in person reads their own choices',
    targets: [{ label: 'the caller’s choices', expect: signedIn(200) }],
  },
  {
    route: 'PUT /api/notifications/preferences',
    rule: 'notifications: every signed-in person sets their own choices, and nobody else’s',
    targets: [
      {
        label: 'the caller’s choices',
        body: () => ({ morning_digest: false, weekly_summary: true, start_mails: true, unread_messages: false }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'GET /api/notifications/unsubscribe',
    rule: 'public: the signed token is the permission (a mail’s link opened signed out); shows what it would turn off, changes nothing',
    public: true,
    targets: unsubscribeTargets,
  },
  {
    route: 'POST /api/notifications/unsubscribe',
    rule: 'public: the signed token is the permission (RFC 8058 one-click from the mail client, or the page); a forged one is 400',
    public: true,
    targets: unsubscribeTargets,
  },

  // ---- company settings ----
  {
    route: 'GET /api/company',
    rule: 'company settings: every member reads their own company’s (the new hire’s Helpful Resources among them)',
    targets: [{ label: 'the caller’s company', expect: signedIn(200) }],
    shows: { ids: (body) => [(body as { id?: string } | undefined)?.id ?? '(none)'], visible: (w, actor) => [w.users[actor].companyId] },
  },
  {
    route: 'GET /api/company/second-factor',
    rule: 'company settings: admins read whether their company requires a second factor',
    targets: [{ label: 'the caller’s company', expect: adminsOnly(200, 200) }],
  },
  {
    route: 'PUT /api/company/second-factor',
    rule: 'company settings: admins change their own company’s second-factor rule; managers and new hires no',
    targets: [{ label: 'the caller’s company', body: () => ({ required: false }), expect: adminsOnly(200, 200) }],
  },
  {
    route: 'PATCH /api/company',
    rule: 'company settings: admins change their own company’s; managers and new hires no',
    targets: [
      {
        label: 'the caller’s company',
        body: () => ({ name: 'Renamed Company', resources: { employeeHandbook: 'https://example.test/handbook' } }),
        expect: adminsOnly(200, 200),
      },
    ],
    shows: { ids: (body) => [(body as { id?: string } | undefined)?.id ?? '(none)'], visible: (w, actor) => [w.users[actor].companyId] },
  },

  // ---- scheduled jobs ----
  {
    route: 'GET /api/jobs',
    rule: 'scheduled jobs: admins see their own company’s and the server-wide ones; managers and new hires no',
    targets: [{ label: 'the caller’s company', prepare: (w) => ensureJobs(w.ctx.db, new Date()), expect: adminsOnly(200, 200) }],
    shows: {
      ids: (body) => (body as { jobs?: { name: string }[] } | undefined)?.jobs?.map((job) => job.name) ?? ['(no jobs)'],
      visible: (w, actor) => [
        ...(['morning_digest', 'weekly_summary', 'start_mails'] as const).map((kind) => companyJobName(kind, w.users[actor].companyId)),
        'unread_messages',
        'outbox',
        'webhooks',
      ],
    },
  },

  // ---- stats ----
  {
    route: 'GET /api/companies/:companyId/stats',
    rule: 'company stats: admin yes, manager own team only, new hire no',
    targets: [
      { label: 'company A', company: 'A', params: (w) => ({ companyId: w.companies.A.id }), expect: line('401 | 200 200 200 403 403 | 404 404 403') },
      { label: 'company B', company: 'B', params: (w) => ({ companyId: w.companies.B.id }), expect: line('401 | 404 404 404 403 403 | 200 200 403') },
    ],
    // Managers' figures cover the plans they manage only.
    shows: {
      ids: (body) => {
        const stats = body as { company?: { id: string }; totalPlans?: number } | undefined;
        return [stats?.company?.id ?? '(no company)', `totalPlans=${stats?.totalPlans}`];
      },
      visible: (w, actor) => [w.users[actor].companyId, `totalPlans=${PLANS_OF[actor].length}`],
    },
  },

  // ---- subscriptions and payments ----
  {
    route: 'POST /api/payments/create',
    rule: 'payments: admin yes, manager no, new hire no',
    targets: [
      {
        label: 'a Business order',
        body: () => ({ planType: 'business', currency: 'LKR', billingPeriod: 'yearly', userDetails: { email: 'payer@example.test' } }),
        expect: adminsOnly(200, 200),
      },
    ],
  },
  {
    route: 'GET /api/payments/payer-details',
    rule: 'payments: admin yes (own company’s details), manager no, new hire no',
    targets: [{ label: 'the caller’s company', expect: adminsOnly(200, 200) }],
    shows: {
      ids: (body) => [(body as { email?: string } | undefined)?.email ?? '(none)'],
      visible: (w, actor) => [w.users[actor].email],
    },
  },
  {
    route: 'POST /api/payments/notify',
    rule: 'public: PayHere’s server calls it; the md5sig signature is the permission',
    public: true,
    targets: [
      {
        label: 'a signed success for company A’s pending order',
        headers: formHeaders,
        body: (w) => new URLSearchParams(signedNotify(simulator, w.orders.pendingA.orderId, w.orders.pendingA.amount, w.orders.pendingA.currency, '2')).toString(),
        expect: everyone(200),
      },
      {
        label: 'the same notify with a forged signature',
        headers: formHeaders,
        body: (w) =>
          new URLSearchParams({
            ...signedNotify(simulator, w.orders.pendingA.orderId, w.orders.pendingA.amount, w.orders.pendingA.currency, '2'),
            md5sig: '0'.repeat(32),
          }).toString(),
        expect: everyone(400),
      },
    ],
  },
  {
    route: 'POST /api/payments/confirm',
    rule: 'payments: admin yes (own company’s orders), manager no, new hire no',
    targets: [
      { label: 'company A’s pending order', company: 'A', body: (w) => ({ orderId: w.orders.pendingA.orderId, status: 'failed' }), expect: adminsOnly(200, 404) },
      { label: 'company B’s pending order', company: 'B', body: (w) => ({ orderId: w.orders.pendingB.orderId, status: 'failed' }), expect: adminsOnly(404, 200) },
    ],
  },
  {
    route: 'POST /api/payments/simulator/complete',
    rule: 'payments (PAYHERE_MODE=simulator only): admin yes, manager no, new hire no',
    targets: [
      { label: 'company A’s pending order', company: 'A', body: (w) => ({ orderId: w.orders.pendingA.orderId, outcome: 'success' }), expect: adminsOnly(200, 404) },
      { label: 'company B’s pending order', company: 'B', body: (w) => ({ orderId: w.orders.pendingB.orderId, outcome: 'success' }), expect: adminsOnly(404, 200) },
    ],
  },
  {
    route: 'GET /api/subscription/status',
    rule: 'subscription status (read): admin, manager and new hire, of their own company',
    targets: [{ label: 'the caller’s company', expect: signedIn(200) }],
    shows: {
      ids: (body) => [(body as { id?: string } | null)?.id ?? '(none)'],
      visible: (w, actor) => [isCompanyA(actor) ? w.subscriptions.A : w.subscriptions.B],
    },
  },
  {
    route: 'POST /api/subscription/cancel',
    rule: 'cancel: admin yes (409 when there is nothing to cancel: B is cancelled already), manager no, new hire no',
    targets: [{ label: 'the caller’s subscription', body: () => cancelBody, expect: adminsOnly(200, 409) }],
  },
  {
    route: 'POST /api/subscription/reactivate',
    rule: 'reactivate: admin yes (409 unless cancelled: A is active), manager no, new hire no',
    targets: [{ label: 'the caller’s subscription', expect: adminsOnly(409, 200) }],
  },
  {
    route: 'POST /api/subscription/free-starter',
    rule: 'free-starter: admin yes (409 while a paid period runs), manager no, new hire no',
    targets: [
      { label: 'while a paid period runs', expect: adminsOnly(409, 409) },
      {
        label: 'after every paid period ended',
        prepare: async (w) => {
          await w.ctx.db.update(subscriptions).set({ endDate: '2020-01-01T00:00:00.000Z' }).where(eq(subscriptions.isActive, true));
        },
        expect: adminsOnly(200, 200),
      },
    ],
  },

  // ---- sync ----
  {
    route: 'POST /api/sync/push',
    rule: 'sync push: each mutation with the same checks as its REST route: tasks: set completed, messages: send, and a form submitted only by its new hire',
    outcome: pushOutcome,
    targets: [
      {
        label: 'task.setCompleted on a task of P1',
        company: 'A',
        body: push((w) => ({ name: 'task.setCompleted', args: { taskId: w.tasks.P1, isCompleted: true } })),
        expect: line('401 | applied applied rejected applied rejected | rejected rejected rejected'),
        mayWrite: syncRejectsWrite,
      },
      {
        label: 'task.setCompleted on a task of PB',
        company: 'B',
        body: push((w) => ({ name: 'task.setCompleted', args: { taskId: w.tasks.PB, isCompleted: true } })),
        expect: line('401 | rejected rejected rejected rejected rejected | applied applied applied'),
        mayWrite: syncRejectsWrite,
      },
      {
        label: 'message.send on P2',
        company: 'A',
        body: push((w) => ({ name: 'message.send', args: { id: crypto.randomUUID(), planId: w.plans.P2, content: 'Offline hello' } })),
        expect: line('401 | applied rejected rejected rejected applied | rejected rejected rejected'),
        mayWrite: syncRejectsWrite,
      },
      {
        label: 'message.send on PB',
        company: 'B',
        body: push((w) => ({ name: 'message.send', args: { id: crypto.randomUUID(), planId: w.plans.PB, content: 'Offline hello' } })),
        expect: line('401 | rejected rejected rejected rejected rejected | applied applied applied'),
        mayWrite: syncRejectsWrite,
      },
      {
        label: 'form.submit of P1’s form (only its new hire fills it in)',
        company: 'A',
        body: push((w) => ({ name: 'form.submit', args: { taskId: w.actionTasks.P1.form, answers: { iban: 'DE44 5001 0517 5407 3249 31' } } })),
        expect: line('401 | rejected rejected rejected applied rejected | rejected rejected rejected'),
        mayWrite: syncRejectsWrite,
      },
      {
        label: 'task.setCompleted on a task of P1, from newHireA1’s sync client',
        company: 'A',
        body: (w) => ({ clientId: w.syncClients.newHireA1, mutations: [{ id: 1, name: 'task.setCompleted', args: { taskId: w.tasks.P1, isCompleted: true } }] }),
        expect: line('401 | 404 404 404 applied 404 | 404 404 404'),
      },
    ],
  },
  {
    route: 'GET /api/sync/pull',
    rule: 'sync pull: the rows of the plans the caller may read, their templates and messages (a new hire never a staff note); a sync client is its owner’s alone',
    targets: [
      { label: 'a new client', query: () => ({ clientId: crypto.randomUUID(), cursor: '0' }), expect: signedIn(200) },
      {
        label: 'newHireA1’s sync client',
        company: 'A',
        query: (w) => ({ clientId: w.syncClients.newHireA1, cursor: '0' }),
        expect: line('401 | 404 404 404 200 404 | 404 404 404'),
      },
    ],
    shows: {
      ids: (body) => {
        const pull = body as { plans?: { id: string }[]; templates?: { id: string }[]; messages?: { id: string }[]; company?: { id: string } } | undefined;
        return [...(pull?.plans ?? []), ...(pull?.templates ?? []), ...(pull?.messages ?? []), ...(pull?.company ? [pull.company] : [])].map((row) => row.id);
      },
      visible: (w, actor) => [
        ...plansOf(w, actor),
        ...new Set(PLANS_OF[actor].map((plan) => w.templates[TEMPLATE_OF_PLAN[plan]])),
        ...PLANS_OF[actor].flatMap((plan) => messagesOf(w, actor, plan)),
        w.users[actor].companyId,
      ],
    },
  },
];
