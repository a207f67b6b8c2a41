// Staff dashboards and messages with the demo data: figures checked against our own counts from the API.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Message, UnreadCounts } from '../shared/messages.ts';
import type { PlanSummary } from '../shared/onboarding.ts';
import type { CompanyStats } from '../shared/stats.ts';
import type { TeamMember } from '../shared/team.ts';
import type { TemplateSummary } from '../shared/templates.ts';
import { DEMO, signInByApi } from './fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A signed-in page of its own (own cookies), so several people can be on screen in one test. */
async function pageFor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInByApi(page.request, email);
  return page;
}

/** What the admin can see, counted here independently of the stats endpoint. */
async function companyAsAdmin(request: APIRequestContext) {
  const [plans, users, templates] = await Promise.all([
    getJson<PlanSummary[]>(request, '/api/onboarding-plans?limit=500'),
    getJson<TeamMember[]>(request, '/api/users'),
    getJson<TemplateSummary[]>(request, '/api/templates'),
  ]);
  return { plans, users, templates };
}

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label.toLowerCase().replace(/\W+/g, '-')}`);

test('the admin dashboard shows the company figures', async ({ page }) => {
  await signInByApi(page.request, DEMO.admin);
  const { plans, users, templates } = await companyAsAdmin(page.request);
  expect(plans.length).toBeGreaterThan(0);
  const completed = plans.filter((plan) => plan.isCompleted).length;

  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(stat(page, 'Total Users')).toHaveText(String(users.length));
  const managers = users.filter((user) => user.role === 'manager').length;
  const newHires = users.filter((user) => user.role === 'new_hire').length;
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  await expect(page.getByText(`${plural(managers, 'manager')} · ${plural(newHires, 'new hire')}`)).toBeVisible();
  await expect(stat(page, 'Active Onboardings')).toHaveText(String(plans.length - completed));
  await expect(stat(page, 'Completed')).toHaveText(String(completed));
  await expect(stat(page, 'Templates')).toHaveText(String(templates.length));
  await expect(stat(page, 'Company')).toHaveText('Lanka Labs');

  // Onboardings tab: one card per plan, the filter narrows them.
  await expect(page.getByTestId('plan-card')).toHaveCount(plans.length);
  // Each card shows the whole plan and the new hire's own part.
  for (const plan of plans) {
    const firstName = plan.newHire.fullName?.split(' ')[0];
    await expect(page.getByRole('article', { name: `Onboarding of ${plan.newHire.fullName}` }).getByTestId('plan-progress')).toHaveText(
      `Whole plan ${plan.progressPercentage}% · ${firstName}’s tasks ${plan.newHireProgress.progressPercentage}%`,
    );
  }
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(page.getByTestId('plan-card')).toHaveCount(plans.length - completed);
  await page.getByRole('button', { name: 'All', exact: true }).click();

  // Analytics tab: success rate and average progress from the plans themselves.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('figure-success-rate')).toHaveText(`${Math.round((completed / plans.length) * 100)}%`);
  const averageProgress = Math.round(plans.reduce((sum, plan) => sum + plan.progressPercentage, 0) / plans.length);
  await expect(page.getByTestId('figure-average-progress')).toHaveText(`${averageProgress}%`);

  // Templates tab lists every template with its state.
  await page.getByRole('tab', { name: 'Templates' }).click();
  for (const template of templates) await expect(page.getByRole('article', { name: template.title })).toBeVisible();

  // The sidebar badges carry the real counts.
  await expect(page.getByLabel(`${templates.length} templates`)).toBeVisible();
  await expect(page.getByLabel(`${users.length} people`)).toBeVisible();
});

test('the manager dashboard shows only their team', async ({ page, browser }) => {
  await signInByApi(page.request, DEMO.admin);
  const { plans, users } = await companyAsAdmin(page.request);
  const manager = users.find((user) => user.email === DEMO.manager);
  expect(manager).toBeDefined();
  const team = plans.filter((plan) => plan.managerId === manager?.id);
  expect(team.length).toBeGreaterThan(0);
  const completed = team.filter((plan) => plan.isCompleted).length;
  const averageProgress = Math.round(team.reduce((sum, plan) => sum + plan.progressPercentage, 0) / team.length);

  const managerPage = await pageFor(browser, DEMO.manager);
  await managerPage.goto('/manager-dashboard');
  await expect(managerPage.getByRole('heading', { name: 'Manager Dashboard' })).toBeVisible();
  await expect(stat(managerPage, 'My Team')).toHaveText(String(new Set(team.map((plan) => plan.newHireId)).size));
  await expect(stat(managerPage, 'Active Onboardings')).toHaveText(String(team.length - completed));
  await expect(stat(managerPage, 'Completed')).toHaveText(String(completed));
  await expect(stat(managerPage, 'Avg Progress')).toHaveText(`${averageProgress}%`);
  await expect(managerPage.getByTestId('plan-card')).toHaveCount(team.length);

  await managerPage.getByRole('button', { name: /View Reports/ }).click();
  await expect(managerPage.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
  await expect(managerPage.getByTestId('figure-team-success-rate')).toHaveText(`${Math.round((completed / team.length) * 100)}%`);

  // Each role keeps to its own dashboard.
  await managerPage.goto('/admin-dashboard');
  await expect(managerPage.getByText('You need admin privileges to access this dashboard.')).toBeVisible();
  await page.goto('/manager-dashboard');
  await expect(page.getByText('You need manager privileges to access this dashboard.')).toBeVisible();
  await managerPage.context().close();
});

test('messages arrive in an open conversation and count on the badge', async ({ page, browser }) => {
  await signInByApi(page.request, DEMO.admin);
  const plans = await getJson<PlanSummary[]>(page.request, '/api/onboarding-plans?limit=500');
  const kavyasPlan = plans.find((plan) => plan.newHire.email === DEMO.newHire);
  expect(kavyasPlan).toBeDefined();
  const planId = kavyasPlan?.id ?? '';

  // The admin watches Kavya's conversation (Admin View).
  await page.goto('/admin-dashboard');
  await page
    .getByRole('article', { name: `Onboarding of ${kavyasPlan?.newHire.fullName}` })
    .getByRole('button', { name: 'View Messages' })
    .click();
  const adminDialog = page.getByRole('dialog', { name: /Messages/ });
  await expect(adminDialog.getByText('Admin View')).toBeVisible();
  await expect(adminDialog.getByRole('listitem')).not.toHaveCount(0);

  // The manager sends one through the API; it shows up within the 3-second poll.
  const managerPage = await pageFor(browser, DEMO.manager);
  const text = `Stand-up moved to 10:30 (${Date.now()})`;
  const sent = await managerPage.request.post('/api/messages', { data: { planId, content: text } });
  expect(sent.status()).toBe(201);
  expect(((await sent.json()) as Message).receiverId).toBe(kavyasPlan?.newHireId);
  await expect(adminDialog.getByText(text)).toBeVisible({ timeout: 5_000 });

  // Kavya's unread badge counts it.
  const hirePage = await pageFor(browser, DEMO.newHire);
  const unread = await getJson<UnreadCounts>(hirePage.request, '/api/messages/unread');
  expect(unread.byPlan[planId]).toBeGreaterThanOrEqual(1);
  await hirePage.goto('/');
  await expect(hirePage.getByLabel(`${unread.total} unread messages`, { exact: true })).toBeVisible();

  // The manager's own dialog: Enter sends, blank is blocked, a reply from Kavya arrives with a notice.
  await managerPage.goto('/manager-dashboard');
  await managerPage
    .getByRole('article', { name: `Onboarding of ${kavyasPlan?.newHire.fullName}` })
    .getByRole('button', { name: 'Send Message' })
    .click();
  const managerDialog = managerPage.getByRole('dialog', { name: /Messages/ });
  const composer = managerDialog.getByLabel('Message', { exact: true });
  await composer.fill('   ');
  await expect(managerDialog.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await composer.fill('Welcome to week two!');
  await composer.press('Enter');
  await expect(managerPage.getByText('Message sent')).toBeVisible();
  await expect(managerDialog.getByText('Welcome to week two!')).toBeVisible();
  await expect(composer).toHaveValue('');

  const reply = await hirePage.request.post('/api/messages', { data: { planId, content: 'See you there!' } });
  expect(reply.status()).toBe(201);
  await expect(managerDialog.getByText('See you there!')).toBeVisible({ timeout: 5_000 });
  await expect(managerDialog.getByText('You have 1 new message')).toBeVisible();

  await managerPage.context().close();
  await hirePage.context().close();
});

test('analytics is for admins; the Starter plan sees the basic figures and an upgrade card', async ({ page, browser }) => {
  await signInByApi(page.request, DEMO.admin);
  const plans = await getJson<PlanSummary[]>(page.request, '/api/onboarding-plans?limit=500');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  const completed = plans.filter((plan) => plan.isCompleted).length;
  await expect(page.getByTestId('figure-success-rate')).toHaveText(`${Math.round((completed / plans.length) * 100)}%`);
  // The demo company is on Starter: the basic figures and an upgrade card instead of the charts.
  await expect(page.getByRole('heading', { name: 'Unlock advanced analytics' })).toBeVisible();

  const managerPage = await pageFor(browser, DEMO.manager);
  await managerPage.goto('/analytics');
  await expect(managerPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await managerPage.context().close();
});

test('on a paid plan, analytics draws each chart with the same figures as a table', async ({ page }) => {
  await signInByApi(page.request, DEMO.admin);
  const me = await getJson<{ companyId: string }>(page.request, '/api/auth/user');
  const stats = await getJson<CompanyStats>(page.request, `/api/companies/${me.companyId}/stats`);
  // Show this page the Growth plan without changing the shared demo company for other tests.
  await page.route('**/api/companies/*/stats', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as CompanyStats;
    await route.fulfill({ response, json: { ...body, company: { ...body.company, planType: 'growth' } } });
  });
  await page.goto('/analytics');
  await expect(page.getByRole('img', { name: /^Progress distribution\./ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Completions over time\./ })).toBeVisible();

  const distribution = page.getByRole('region', { name: 'Progress distribution' });
  await distribution.getByText('View as table').click();
  for (const bucket of stats.progressDistribution) {
    await expect(distribution.getByRole('row', { name: `${bucket.range}% ${bucket.plans}` })).toBeVisible();
  }
  const perTemplate = page.getByRole('region', { name: 'Onboardings per template' });
  await perTemplate.getByText('View as table').click();
  for (const usage of stats.plansPerTemplate) {
    await expect(perTemplate.getByRole('row', { name: `${usage.title} ${usage.plans}` })).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/dashboards-analytics-growth-1440.png', fullPage: true });
});

test('screens at phone and desktop widths', async ({ page, browser }) => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write review screenshots');
  await signInByApi(page.request, DEMO.admin);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin-dashboard');
    await expect(page.getByTestId('plan-card').first()).toBeVisible();
    await page.screenshot({ path: `test-results/dashboards-admin-${width}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.screenshot({ path: `test-results/dashboards-admin-analytics-${width}.png`, fullPage: true });
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
    await page.screenshot({ path: `test-results/dashboards-analytics-${width}.png`, fullPage: true });
    await page.goto('/admin-dashboard');
    await page.getByRole('button', { name: 'View Messages' }).first().click();
    await expect(
      page
        .getByRole('dialog', { name: /Messages/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/dashboards-messages-${width}.png` });
  }
  const managerPage = await pageFor(browser, DEMO.manager);
  await managerPage.setViewportSize({ width: 390, height: 900 });
  await managerPage.goto('/manager-dashboard');
  await managerPage.getByRole('button', { name: /View Reports/ }).click();
  await expect(managerPage.getByText('Recent activity')).toBeVisible();
  await managerPage.screenshot({ path: 'test-results/dashboards-manager-390.png', fullPage: true });
  await managerPage.context().close();
});
