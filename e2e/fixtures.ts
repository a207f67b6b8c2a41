// Shared helpers for browser tests: the demo sign-ins and the mail the server wrote to disk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanDetails } from '../shared/onboarding.ts';
import { toIsoDate } from '../shared/plan-calendar.ts';
import type { TaskInputRaw, TemplateDetails } from '../shared/templates.ts';
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Kickoff#2026';
export const DEMO = {
  admin: 'admin@demo.kickoff.local',
  manager: 'manager@demo.kickoff.local',
  newHire: 'newhire@demo.kickoff.local',
  newHire2: 'newhire2@demo.kickoff.local',
} as const;

const mailDir = () => join('test-results', `e2e-data-${process.env.E2E_PORT ?? 4173}`, 'mail');

/** The mails written to `to` so far, oldest first, decoded enough to find links. */
function mailsTo(to: string): string[] {
  try {
    return readdirSync(mailDir())
      .filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^a-z0-9@._-]/gi, '_')))
      .sort()
      .map((file) => readableMail(readFileSync(join(mailDir(), file), 'utf8')));
  } catch {
    return [];
  }
}

/** The newest mail to `to`, decoded enough to find links; waits for it to be written. */
export async function latestMailTo(to: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(() => (found = mailsTo(to).at(-1)) !== undefined).toBe(true);
  return found!;
}

/**
 * The `path` link (say '/reset-password?token=') of the newest mail to `to` that has one; waits for it.
 * Mail goes out after the request that sends it answers, so an older mail to the same person (the
 * sign-up's, before a reset's) can be the newest one for a moment.
 */
export async function mailedLink(to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mailsTo(to).findLast((text) => text.includes(path));
      link = mail === undefined ? undefined : linkFrom(mail, path);
      return link !== undefined;
    })
    .toBe(true);
  return link!;
}

/** A mail file with its quoted-printable soft breaks and escapes undone, so links and words read whole. */
export function readableMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function linkFrom(mail: string, path: string): string {
  const match = mail.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[?]/g, '\\?')}[^\\s"<>]*`));
  if (!match) throw new Error(`No ${path} link in mail`);
  return match[0].replace(/&amp;/g, '&');
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  // Email first (issue 24): a domain without single sign-on shows the password field.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in by the API on `request` (a page's, a context's or a standalone one): its cookie, no screens. */
export async function signInByApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A request context of its own (no page), signed in by the API: a second person calling the server. */
export async function apiAs(baseURL: string | undefined, email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await signInByApi(api, email, password);
  return api;
}

/** The password the specs' own people get. */
export const TEST_PASSWORD = 'Kick@off2026';

/**
 * A client address of its own for a request the server rate-limits per address (sign-up, password
 * reset): the suite plays many people, and from 127.0.0.1 alone they would share one allowance. The
 * e2e server trusts X-Forwarded-For (scripts/e2e-server.mjs), as it would behind a proxy.
 */
function ownAddress(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return { 'X-Forwarded-For': `10.${byte()}.${byte()}.${byte()}` };
}

/** A company of its own, signed up and verified: its admin's browser context (signed in) and email. */
export async function signUpCompany(browser: Browser, options: { adminEmail: string; companyName: string; adminName?: string }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = context.request;
  const signUp = await admin.post('/api/auth/signup', {
    headers: ownAddress(),
    data: {
      fullName: options.adminName ?? 'Ama Admin',
      email: options.adminEmail,
      password: TEST_PASSWORD,
      companyName: options.companyName,
      companyAddress: '1 Lake Road, Kandy',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token = new URL(await mailedLink(options.adminEmail, '/verify-email?token=')).searchParams.get('token');
  expect((await admin.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  return context;
}

/** An invited new hire who set their password (TEST_PASSWORD) from the invitation mail: their id. */
export async function inviteNewHire(admin: APIRequestContext, email: string): Promise<string> {
  const res = await admin.post('/api/users/invite', { data: { email, role: 'new_hire' } });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  const token = new URL(await mailedLink(email, '/reset-password?token=')).searchParams.get('token');
  const reset = await admin.post('/api/auth/reset-password', { headers: ownAddress(), data: { token, password: TEST_PASSWORD } });
  expect(reset.ok(), await reset.text()).toBe(true);
  return id;
}

/** Waits until the service worker controls the page (reloading once if it took over after the load). */
export async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/**
 * A new hire (invited, password TEST_PASSWORD) on a plan starting today, from a template of one section
 * (days 1 to 7) holding `tasks`, made through the API: what the task specs start from.
 */
export async function newHireWithTasks(
  admin: APIRequestContext,
  email: string,
  tasks: TaskInputRaw[],
): Promise<{ newHireId: string; template: TemplateDetails; plan: PlanDetails }> {
  const created = await admin.post('/api/templates', { data: { title: 'Paperwork', duration: 14, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, tasks }] } });
  expect(created.status(), await created.text()).toBe(201);
  const template = (await created.json()) as TemplateDetails;
  const newHireId = await inviteNewHire(admin, email);
  const assigned = await admin.post('/api/onboarding-plans', { data: { newHireId, templateId: template.id, startDate: toIsoDate(new Date()) } });
  expect(assigned.status(), await assigned.text()).toBe(201);
  return { newHireId, template, plan: (await assigned.json()) as PlanDetails };
}

/**
 * Clicks the box of the task named `title` (else the first open box) and reads the next frame in the
 * page, so what is read is that frame's, not a later one's (issue 20: a tick shows in its click's frame).
 * The ticked task's box is found again by its name: its row may move to another group.
 */
export function tickAndReadNextFrame(page: Page, title?: string) {
  return page.evaluate(async (title) => {
    const box = document.querySelector<HTMLInputElement>(title ? `main input.checkbox[aria-label="Mark “${title}” as done"]` : 'main input.checkbox:not(:checked)');
    const label = box?.getAttribute('aria-label');
    if (!box || !label?.endsWith(' as done')) throw new Error('No open task');
    const progress = document.querySelector('[role="progressbar"][aria-label="Your progress"]');
    box.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const ticked = document.querySelector<HTMLInputElement>(`main input.checkbox[aria-label="${label.replace(/ as done$/, ' as not done')}"]`);
    return {
      checked: ticked?.checked ?? null,
      checkmarkOpacity: ticked ? getComputedStyle(ticked, '::before').opacity : null,
      value: progress?.getAttribute('aria-valuenow') ?? null,
      drawn: progress ? getComputedStyle(progress).getPropertyValue('--radialprogress').trim() : null,
    };
  }, title);
}
