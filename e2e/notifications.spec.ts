// Reminders and notifications (issue #18): a person turns the morning digest off in their profile and
// the next 08:00 run mails everyone else with something due but not them; the unsubscribe link of a
// digest works signed out and the profile then shows it off; an admin sets the company's time zone and
// reads the reminder jobs in it. The jobs run through `npm run jobs -- --at …` against this server's
// database and mail folder (the server's own timer keeps real time, so nothing else sends a digest).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import type { CompanySettings } from '../shared/company.ts';
import { localDateIn, type NotificationPreferences } from '../shared/notifications.ts';
import type { PlanDetails, PlanSummary } from '../shared/onboarding.ts';
import { apiAs, DEMO, DEMO_PASSWORD, readableMail, signIn } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const PORT = process.env.E2E_PORT ?? '4173';
const DATA_DIR = join('test-results', `e2e-data-${PORT}`);
const MAIL_DIR = join(DATA_DIR, 'mail');
/** The subject of a digest: '3 tasks need you today' (api/reminders/morning-digest.ts digestSubject). */
const DIGEST_SUBJECT = /^Subject: .*\bneeds? you today/m;

const run = promisify(execFile);

/** The jobs command line against this server's database, mail folder and links (scripts/e2e-server.mjs). */
async function runJobsAt(at: Date): Promise<string> {
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'jobs', '--', '--at', at.toISOString()], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_PATH: join(DATA_DIR, 'kickoff.sqlite'), MAIL_DIR, APP_URL: `http://127.0.0.1:${PORT}` },
      timeout: 60_000,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run jobs failed:\n${stdout}\n${stderr}`);
  }
}

function mailFiles(): string[] {
  try {
    return readdirSync(MAIL_DIR).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
}

/** The mails written since `before` (a list of files) to `to`, readable. */
function newMailsTo(to: string, before: ReadonlySet<string>): string[] {
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
  return mailFiles()
    .filter((file) => !before.has(file) && file.includes(safeTo))
    .map((file) => readableMail(readFileSync(join(MAIL_DIR, file), 'utf8')));
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (to find a zone's offset). */
function wallClockMs(timeZone: string, instant: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
}

/** The instant it is 08:00 on `day` ('YYYY-MM-DD') in `timeZone`. */
function eightOClockOn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, date, 8);
  let guess = wanted;
  for (let step = 0; step < 2; step += 1) guess += wanted - wallClockMs(timeZone, new Date(guess));
  return new Date(guess);
}

const notificationsSection = (page: Page) => page.getByRole('region', { name: 'Notifications' });

type DigestDay = { day: string; planId: string; dayStart: number; dayEnd: number };

/**
 * The first day, from tomorrow on, when Dilan (a demo new hire) has one of his own tasks due, and that
 * task's window: the demo plans start relative to today, so the day is read from his plan rather than assumed.
 */
async function firstDayDilanHasTasksDue(api: APIRequestContext, timeZone: string): Promise<DigestDay> {
  const plans = (await (await api.get('/api/onboarding-plans?limit=500')).json()) as PlanSummary[];
  const plan = plans.find((candidate) => candidate.newHire.email === DEMO.newHire2 && !candidate.isCompleted);
  expect(plan, 'Dilan’s demo plan').toBeTruthy();
  expect(plan?.manager?.email, 'Dilan’s manager').toBe(DEMO.manager);
  const details = (await (await api.get(`/api/onboarding-plans/${plan?.id}/details`)).json()) as PlanDetails;
  const tomorrow = localDateIn(timeZone, new Date(Date.now() + 86_400_000));
  const due = details.tasks
    .filter((task) => !task.isCompleted && task.assigneeId === plan?.newHire.id && task.dueDate && task.dueDate >= tomorrow && task.dayStart !== null && task.dayEnd !== null)
    .sort((a, b) => (a.dueDate as string).localeCompare(b.dueDate as string))[0];
  expect(due, 'Dilan has an open task due from tomorrow on').toBeTruthy();
  return { day: due?.dueDate as string, planId: plan?.id as string, dayStart: due?.dayStart as number, dayEnd: due?.dayEnd as number };
}

test.describe('the morning digest', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let digestToManager = '';

  test('turned off in the profile, it does not come on the next 08:00 run; someone else’s does', async ({ page, baseURL }) => {
    await signIn(page, DEMO.newHire2);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/profile');
    const section = notificationsSection(page);
    const digest = section.getByRole('switch', { name: 'Morning digest' });
    await expect(digest).toBeChecked();
    await expect(section.getByText('At 08:00 on days you have tasks due today or overdue')).toBeVisible();
    await reviewScreenshots(page, 'profile-notifications', { part: notificationsSection, darkToo: true });

    // A refused save puts the switch back and says so.
    const refuse = (route: Route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { code: 'internal', message: 'The server is down for a moment.' } }) : route.continue();
    await page.route('**/api/notifications/preferences', refuse);
    await digest.click();
    await expect(page.getByText('Could not save your notification settings')).toBeVisible();
    await expect(digest).toBeChecked();
    await page.unroute('**/api/notifications/preferences', refuse);

    await digest.click();
    await expect(digest).not.toBeChecked();
    await expect(section.getByRole('status')).toHaveText('Saved');
    const saved = (await (await page.request.get('/api/notifications/preferences')).json()) as NotificationPreferences;
    expect(saved).toEqual({ morning_digest: false, weekly_summary: true, start_mails: true, unread_messages: true });
    // Kept across a reload: the switch shows the server's record.
    await page.reload();
    await expect(notificationsSection(page).getByRole('switch', { name: 'Morning digest' })).not.toBeChecked();

    // 08:00 of the company's day on which Dilan has a task due, and so does his manager Nimal.
    const admin = await apiAs(baseURL, DEMO.admin);
    const company = (await (await admin.get('/api/company')).json()) as CompanySettings;
    const { day, planId, dayStart, dayEnd } = await firstDayDilanHasTasksDue(admin, company.timeZone);
    // Nimal gets a task of his own on Dilan's plan due the same day (other specs may have ticked his demo ones).
    const added = await admin.post(`/api/onboarding-plans/${planId}/tasks`, {
      data: { title: 'Check in with {{first_name}} about the digest', type: 'checklist', assigneeKind: 'manager', sectionTitle: null, dayStart, dayEnd },
    });
    expect(added.status(), await added.text()).toBe(201);
    const managerTask = (await added.json()) as { id: string };
    const before = new Set(mailFiles());
    const output = await runJobsAt(eightOClockOn(day, company.timeZone));
    expect(output).toMatch(/morning_digest:\S+\s+ok\s+enqueued [1-9]/);
    expect((await admin.delete(`/api/onboarding-plans/${planId}/tasks/${managerTask.id}`)).ok()).toBe(true);
    await admin.dispose();

    const managers = newMailsTo(DEMO.manager, before).filter((mail) => DIGEST_SUBJECT.test(mail));
    expect(managers, 'a digest to Nimal, who has a task due and left the digest on').toHaveLength(1);
    digestToManager = managers[0] ?? '';
    expect(digestToManager).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(
      newMailsTo(DEMO.newHire2, before).filter((mail) => DIGEST_SUBJECT.test(mail)),
      'no digest to Dilan, who has a task due but turned the digest off',
    ).toEqual([]);

    // Dilan turns it back on, so the demo company is as the seed left it.
    await notificationsSection(page).getByRole('switch', { name: 'Morning digest' }).click();
    await expect(notificationsSection(page).getByRole('switch', { name: 'Morning digest' })).toBeChecked();
    await expect(notificationsSection(page).getByRole('status')).toHaveText('Saved');
  });

  test('the unsubscribe link of a digest works signed out, and the profile then shows it off', async ({ browser }) => {
    const link = digestToManager.match(/https?:\/\/[^\s"<>]+\/unsubscribe\?token=[^\s"<>]+/g)?.find((url) => !url.includes('/api/'));
    expect(link, 'the digest links to the unsubscribe page').toBeTruthy();

    const page = await (await browser.newContext()).newPage();
    await page.goto((link ?? '').replace(/&amp;/g, '&'));
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByText(`Stop Morning digest emails to ${DEMO.manager}?`)).toBeVisible();
    await reviewScreenshots(page, 'unsubscribe-ask', { part: (p) => p.locator('main'), darkToo: true });
    await page.getByRole('button', { name: 'Stop Morning digest emails' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You’re unsubscribed' })).toBeVisible();
    await expect(page.getByText('You won’t get Morning digest emails any more. Change this any time in your profile.')).toBeVisible();
    await reviewScreenshots(page, 'unsubscribe-done', { part: (p) => p.locator('main'), darkToo: true });

    await page.getByRole('link', { name: 'Sign in to your profile' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(DEMO.manager);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const section = notificationsSection(page);
    await expect(section.getByRole('switch', { name: 'Morning digest' })).not.toBeChecked();
    await expect(section.getByRole('switch', { name: 'Unread messages' })).toBeChecked();

    // Nimal turns it back on, as the page says he can.
    await section.getByRole('switch', { name: 'Morning digest' }).click();
    await expect(section.getByRole('switch', { name: 'Morning digest' })).toBeChecked();
    await expect(section.getByRole('status')).toHaveText('Saved');
  });
});

test('a forged unsubscribe link says it does not work, and changes nothing', async ({ page }) => {
  await page.goto('/unsubscribe?token=forged.token');
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Stop/ })).toHaveCount(0);
  await reviewScreenshots(page, 'unsubscribe-broken', { part: (p) => p.locator('main'), darkToo: true });
});

test('an admin sets the company’s time zone and reads the reminder jobs in it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/company-settings');
  const zone = page.getByLabel('Time zone');
  await expect(zone).toHaveValue('UTC');
  await expect(page.getByText('Reminders go out at 08:00 in this time zone.')).toBeVisible();

  const panel = page.getByRole('region', { name: 'Reminders and jobs' });
  await expect(panel.getByTestId('outbox-summary')).toHaveText(/^\d+ mails? waiting, \d+ failed, \d+ sent today$/);
  const digestJob = panel.getByRole('listitem', { name: 'Morning digest' });
  await expect(digestJob.getByText('OK', { exact: true })).toBeVisible();
  await expect(digestJob.getByRole('definition').last()).toHaveText(/08:00$/);
  for (const label of ['Welcome and preboarding mails', 'Weekly summary of stuck plans', 'Sending mails and notifications', 'Unread message mails']) {
    await expect(panel.getByRole('listitem', { name: label })).toBeVisible();
  }
  await reviewScreenshots(page, 'company-jobs', { part: () => panel, darkToo: true });

  // Colombo: the jobs are re-timed to its 08:00, and the panel reads them on Colombo's clock.
  await zone.selectOption('Asia/Colombo');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(panel.getByText('Times are in Asia/Colombo.')).toBeVisible();
  await expect(digestJob.getByRole('definition').last()).toHaveText(/08:00$/);
  const jobs = (await (await page.request.get('/api/jobs')).json()) as { jobs: { kind: string; timeZone: string; nextRunAt: string }[] };
  const digest = jobs.jobs.find((job) => job.kind === 'morning_digest');
  expect(digest?.timeZone).toBe('Asia/Colombo');
  // 08:00 in Colombo (UTC+05:30) is 02:30 UTC.
  expect(digest?.nextRunAt).toMatch(/T02:30:00\.000Z$/);
  await reviewScreenshots(page, 'company-time-zone', { part: (p) => p.getByRole('region', { name: 'Company details' }), darkToo: true });

  // Back to UTC, as the seed left it, for the tests after this one.
  await zone.selectOption('UTC');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel.getByText('Times are in UTC.')).toBeVisible();
});
